import type { ReactNode } from 'react';
import styles from './field.module.css';

export interface FormFieldProps {
  /** The control's id: the label points at it, the error is `<id>-error`. */
  id: string;
  label: string;
  error?: string | undefined;
  /** The control, which carries the id, `aria-invalid` and `aria-describedby` itself. */
  children: ReactNode;
}

/**
 * A labelled control with its error below, announced to screen readers. The
 * sign-in screens use this instead of antd's Form to stay inside the login
 * page's bundle budget (docs/performance.md).
 */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

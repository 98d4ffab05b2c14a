import { type ReactElement, cloneElement } from 'react';
import styles from './field.module.css';

export interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  /** The control; it receives the id, `aria-invalid` and `aria-describedby`. */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A labelled control with its error below, announced to screen readers. The
 * sign-in screens use this instead of antd's Form to stay inside the login
 * page's bundle budget (docs/performance.md).
 */
export function FormField({ id, label, error, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        status: error ? 'error' : undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

// Input and Password alone: `Input` from 'antd' carries TextArea, Search and OTP too,
// which the sign-in screens do not use (docs/performance.md).
import Input, { type InputProps } from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { ReactNode } from 'react';
import styles from './field.module.css';
import { FormField } from './form-field';

export interface TextFieldProps extends Omit<InputProps, 'id' | 'size' | 'status'> {
  id: string;
  label: string;
  error?: string | undefined;
  /** Masked, with antd's show/hide button. */
  password?: boolean;
  /** Shown beside the input, e.g. the captcha image or the send-code button. */
  aside?: ReactNode;
}

/** A large text or password input in a labelled {@link FormField}; other props go to the input. */
export function TextField({ id, label, error, password, aside, ...input }: TextFieldProps) {
  const Control = password ? Password : Input;
  const field = (
    <FormField id={id} label={label} error={error}>
      <Control size="large" {...input} />
    </FormField>
  );
  if (aside === undefined) return field;
  return (
    <div className={styles.captcha}>
      {field}
      <div className={styles.captchaImage}>{aside}</div>
    </div>
  );
}

import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';
import { FormField } from './form-field';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'size' | 'prefix' | 'type'
> {
  id: string;
  label: string;
  error?: string | undefined;
  /** Masked, with a button that shows and hides it. */
  password?: boolean;
  /** An icon before the text. */
  prefix?: ReactNode;
  /** Shown beside the input, e.g. the captcha image or the send-code button. */
  aside?: ReactNode;
}

/**
 * A large text or password input in a labelled {@link FormField}; other props go to
 * the input. A native input styled as the console's: antd's Input pulls its Form
 * (validator included, 28 kB gzip) into the login page (docs/performance.md).
 */
export function TextField({ id, label, error, password, prefix, aside, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const field = (
    <FormField id={id} label={label} error={error}>
      <span className={styles.box} data-invalid={error ? true : undefined}>
        {prefix && <span className={styles.prefix}>{prefix}</span>}
        <input
          {...input}
          id={id}
          type={password && !shown ? 'password' : 'text'}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {password && (
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={shown}
            aria-controls={id}
            aria-label={t('login.showPassword')}
            disabled={input.disabled}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
          </button>
        )}
      </span>
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

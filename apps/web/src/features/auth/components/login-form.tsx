import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isVaultAvailable, recallCredentials } from '@/lib/crypto/credential-vault';
import { type PasswordLoginValues, usePasswordLogin } from '../hooks/use-password-login';
import styles from './field.module.css';
import { FormField } from './form-field';

export interface LoginFormProps {
  /** Called after a successful sign-in. */
  onSuccess(): void;
}

type Errors = Partial<Record<'username' | 'password', string>>;

/** Account and password sign-in with "remember me". */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const { login, loading } = usePasswordLogin();
  const [vaultAvailable] = useState(isVaultAvailable);
  const [values, setValues] = useState<PasswordLoginValues>({
    username: '',
    password: '',
    remember: false,
  });
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    let cancelled = false;
    void recallCredentials().then((saved) => {
      if (saved && !cancelled) setValues({ ...saved, remember: true });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const validate = (next: PasswordLoginValues): Errors => ({
    ...(next.username.trim() ? {} : { username: t('validation.username.required') }),
    ...(next.password ? {} : { password: t('validation.password.required') }),
  });

  function update(patch: Partial<PasswordLoginValues>) {
    const next = { ...values, ...patch };
    setValues(next);
    // Once a field has shown an error, it is re-checked as the user types.
    setErrors((current) => {
      const fresh = validate(next);
      return Object.fromEntries(
        Object.keys(current).flatMap((key) =>
          fresh[key as keyof Errors] ? [[key, fresh[key as keyof Errors]]] : [],
        ),
      ) as Errors;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) {
      document.getElementById(found.username ? 'login-username' : 'login-password')?.focus();
      return;
    }
    if (await login(values)) onSuccess();
  }

  return (
    <form name="login" onSubmit={submit} noValidate aria-busy={loading}>
      <FormField id="login-username" label={t('login.account')} error={errors.username}>
        <Input
          size="large"
          prefix={<UserOutlined aria-hidden />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          maxLength={64}
          value={values.username}
          disabled={loading}
          onChange={(event) => update({ username: event.target.value })}
        />
      </FormField>
      <FormField id="login-password" label={t('login.password')} error={errors.password}>
        <Input.Password
          size="large"
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={64}
          value={values.password}
          disabled={loading}
          onChange={(event) => update({ password: event.target.value })}
        />
      </FormField>
      <div className={styles.field}>
        <Checkbox
          checked={values.remember}
          disabled={!vaultAvailable || loading}
          onChange={(event) => setValues({ ...values, remember: event.target.checked })}
        >
          {t('login.remember')}
        </Checkbox>
        {!vaultAvailable && <p className={styles.extra}>{t('login.rememberUnavailable')}</p>}
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('login.submit')}
      </Button>
    </form>
  );
}

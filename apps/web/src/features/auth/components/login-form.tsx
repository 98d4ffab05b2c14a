import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type FormEvent, Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isVaultAvailable, recallCredentials } from '@/lib/crypto/credential-vault';
import { StorageKey, session } from '@/lib/storage';
import { type PasswordLoginValues, usePasswordLogin } from '../hooks/use-password-login';
import styles from './field.module.css';
import { TextField } from './text-field';

// Only after failed sign-ins: kept out of the login page's first load.
const CaptchaField = lazy(() =>
  import('./captcha-field').then((m) => ({ default: m.CaptchaField })),
);
// Only for accounts with a second factor, after their password.
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })),
);

export interface LoginFormProps {
  /** Called after a successful sign-in. */
  onSuccess(): void;
}

type Errors = Partial<Record<'username' | 'password' | 'captcha', string>>;

/** Warn when this many tries or fewer are left before the account locks. */
const WARN_WHEN_TRIES_LEFT = 3;

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
  // A refused try that made the captcha due is remembered for this tab, so a reload asks
  // for it at once instead of after one more refusal (issue 24). Only a hint: the server
  // decides (an unlock clears its count), so an empty captcha still lets the try go.
  const [captchaNeeded, setCaptchaNeeded] = useState(
    () => session.get(StorageKey.captchaDue) === '1',
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captcha, setCaptcha] = useState({ captchaId: '', captchaCode: '' });
  const [secondFactorTicket, setSecondFactorTicket] = useState<string | null>(null);

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
    // A captcha left empty is not sent: the server asks for it when it is still due
    // (costing no try), and lets the sign-in through once the account was unlocked.
    const attempt = {
      ...values,
      captcha: captchaNeeded && captcha.captchaCode.trim() ? captcha : undefined,
    };
    const found = validate(attempt);
    setErrors(found);
    const first = (['username', 'password', 'captcha'] as const).find((key) => found[key]);
    if (first) {
      document.getElementById(`login-${first}`)?.focus();
      return;
    }
    setNotice(null);
    const outcome = await login(attempt);
    if (outcome.ok) {
      session.remove(StorageKey.captchaDue);
      onSuccess();
      return;
    }
    setNotice(lockNotice(outcome));
    if (outcome.secondFactorTicket) {
      setSecondFactorTicket(outcome.secondFactorTicket);
      return;
    }
    // Each captcha is good for one try: a refused attempt shows a new one.
    if (outcome.captchaRequired) {
      session.set(StorageKey.captchaDue, '1');
      setCaptchaNeeded(true);
      setCaptchaRound((n) => n + 1);
      if (!attempt.captcha)
        setErrors((current) => ({ ...current, captcha: t('error.captchaRequired') }));
    } else if (outcome.captchaCleared) {
      session.remove(StorageKey.captchaDue);
      setCaptchaNeeded(false);
      setCaptcha({ captchaId: '', captchaCode: '' });
    }
  }

  /** The tries left before a lock when few are, or the lock with its length and whom to ask. */
  function lockNotice(outcome: {
    attemptsLeft?: number | undefined;
    lockMinutes?: number | undefined;
    lockedMinutes?: number | undefined;
  }): string | null {
    const { attemptsLeft, lockMinutes, lockedMinutes } = outcome;
    if (lockedMinutes !== undefined) return t('login.locked', { minutes: lockedMinutes });
    if (attemptsLeft === 0 && lockMinutes !== undefined) {
      return t('login.locked', { minutes: lockMinutes });
    }
    if (attemptsLeft !== undefined && attemptsLeft <= WARN_WHEN_TRIES_LEFT) {
      return t('login.attemptsLeft', { count: attemptsLeft, minutes: lockMinutes ?? '' });
    }
    return null;
  }

  if (secondFactorTicket) {
    return (
      <Suspense fallback={null}>
        <SecondFactorForm
          ticket={secondFactorTicket}
          qrCodeLogin={false}
          onSuccess={onSuccess}
          onCancel={() => {
            setSecondFactorTicket(null);
            setValues((current) => ({ ...current, password: '' }));
          }}
        />
      </Suspense>
    );
  }

  return (
    <form name="login" onSubmit={submit} noValidate aria-busy={loading}>
      <TextField
        id="login-username"
        label={t('login.account')}
        error={errors.username}
        prefix={<UserOutlined aria-hidden />}
        placeholder={t('login.accountPlaceholder')}
        autoComplete="username"
        maxLength={64}
        value={values.username}
        disabled={loading}
        onChange={(event) => update({ username: event.target.value })}
      />
      <TextField
        id="login-password"
        label={t('login.password')}
        error={errors.password}
        password
        prefix={<LockOutlined aria-hidden />}
        placeholder={t('login.passwordPlaceholder')}
        autoComplete="current-password"
        maxLength={64}
        value={values.password}
        disabled={loading}
        onChange={(event) => update({ password: event.target.value })}
      />
      {captchaNeeded && (
        <Suspense fallback={null}>
          <CaptchaField
            round={captchaRound}
            value={captcha.captchaCode}
            error={errors.captcha}
            disabled={loading}
            onChange={(captchaCode, captchaId) =>
              setCaptcha({ captchaCode, captchaId: captchaId ?? '' })
            }
          />
        </Suspense>
      )}
      <div className={styles.field}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={values.remember}
            disabled={!vaultAvailable || loading}
            onChange={(event) => setValues({ ...values, remember: event.target.checked })}
          />
          {t('login.remember')}
        </label>
        {!vaultAvailable && <p className={styles.extra}>{t('login.rememberUnavailable')}</p>}
      </div>
      {notice && (
        <p role="alert" className={styles.notice}>
          {notice}
        </p>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('login.submit')}
      </Button>
    </form>
  );
}

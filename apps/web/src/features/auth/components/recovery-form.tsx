import {
  DEFAULT_PASSWORD_RULES,
  MOBILE_PATTERN,
  PASSWORD_MAX_LENGTH,
  type PasswordRules,
  SMS_CODE_PATTERN,
  passwordProblem,
} from '@cityops/contract';
import { Alert, Button } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, fieldErrors } from '@/lib/forms/api-failure';
import { toast } from '@/lib/toast';
import { checkPhone, findPassword, getBasicClient, sendRecoveryCode } from '../api/recovery';
import styles from './field.module.css';
import { TextField } from './text-field';

export interface RecoveryFormProps {
  /** The password was reset. */
  onDone(): void;
}

type Errors = Partial<Record<'mobile' | 'code' | 'newPassword' | 'confirmPassword', string>>;

/**
 * Password recovery by SMS: mobile number and code (step 1), then the new
 * password (step 2). The code is exchanged for a one-time ticket first, so a
 * code is checked once and the new password travels with the ticket only.
 */
export function RecoveryForm({ onDone }: RecoveryFormProps) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [ticket, setTicket] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [wait, setWait] = useState(0);
  const [resendSeconds, setResendSeconds] = useState(60);
  // The security administrator's password rules come with the client's settings, before sign-in.
  const [rules, setRules] = useState<PasswordRules>(DEFAULT_PASSWORD_RULES);

  useEffect(() => {
    getBasicClient()
      .then((client) => {
        setResendSeconds(client.smsResendSeconds);
        setRules(client.passwordRules);
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const mobileError = (value: string) =>
    !value.trim()
      ? t('validation.mobile.required')
      : MOBILE_PATTERN.test(value.trim())
        ? undefined
        : t('validation.mobile.invalid');

  async function sendCode() {
    const error = mobileError(mobile);
    setErrors((current) => ({ ...current, mobile: error }));
    if (error) {
      document.getElementById('recovery-mobile')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await sendRecoveryCode(mobile.trim());
      setSent(true);
      setWait(answer.resendAfterSeconds || resendSeconds);
      document.getElementById('recovery-code')?.focus();
    } catch {
      // The HTTP client shows why (too soon, too many).
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      mobile: mobileError(mobile),
      code: !code.trim()
        ? t('sms.codeRequired')
        : SMS_CODE_PATTERN.test(code.trim())
          ? undefined
          : t('sms.codeFormat'),
    };
    setErrors(found);
    if (found.mobile || found.code) {
      document.getElementById(found.mobile ? 'recovery-mobile' : 'recovery-code')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await checkPhone(mobile.trim(), code.trim());
      setTicket(answer.ticket);
    } catch {
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    // The login name is not known before sign-in: the server checks that rule.
    const problem = passwordProblem(newPassword, rules, null);
    const found: Errors = {
      newPassword: !newPassword
        ? t('validation.newPassword.required')
        : problem
          ? t(problem.key, problem.values)
          : undefined,
      confirmPassword: !confirmPassword
        ? t('validation.confirmPassword.required')
        : confirmPassword === newPassword
          ? undefined
          : t('validation.confirmPassword.mismatch'),
    };
    setErrors(found);
    if (found.newPassword || found.confirmPassword) {
      document.getElementById(found.newPassword ? 'recovery-new' : 'recovery-confirm')?.focus();
      return;
    }
    setBusy(true);
    try {
      await findPassword(mobile.trim(), ticket!, newPassword, confirmPassword);
      onDone();
    } catch (error) {
      // A refused password is said at its field (the ticket stays good for another try);
      // anything else was shown by the HTTP client (an expired ticket means starting again).
      const refused = fieldErrors(error);
      const said = (field: string) => refused.find((item) => item.field === field)?.message;
      const atFields: Errors = {
        newPassword: said('newPassword'),
        confirmPassword: said('newPasswordTwo'),
      };
      if (atFields.newPassword || atFields.confirmPassword) {
        setErrors(atFields);
        document
          .getElementById(atFields.newPassword ? 'recovery-new' : 'recovery-confirm')
          ?.focus();
      } else if (refused.length > 0) {
        toast.error({ content: failureMessage(error, t('error.server')) });
      }
    } finally {
      setBusy(false);
    }
  }

  if (ticket) {
    return (
      <form key="password" name="recovery-password" onSubmit={reset} noValidate aria-busy={busy}>
        <TextField
          id="recovery-new"
          label={t('password.newPassword')}
          error={errors.newPassword}
          password
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          placeholder={t('password.newPlaceholder')}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <p className={styles.extra} style={{ marginTop: -12, marginBottom: 16 }}>
          {rules.forbidLoginName
            ? t('password.ruleSentences', {
                rule: t('password.rule', { min: rules.minLength, max: PASSWORD_MAX_LENGTH }),
                loginName: t('password.ruleLoginName'),
              })
            : t('password.rule', { min: rules.minLength, max: PASSWORD_MAX_LENGTH })}
        </p>
        <TextField
          id="recovery-confirm"
          label={t('password.confirmPassword')}
          error={errors.confirmPassword}
          password
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          placeholder={t('password.confirmPlaceholder')}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {t('recovery.submit')}
        </Button>
      </form>
    );
  }

  return (
    <form key="code" name="recovery-code" onSubmit={verify} noValidate aria-busy={busy}>
      <TextField
        id="recovery-mobile"
        label={t('recovery.mobile')}
        error={errors.mobile}
        inputMode="tel"
        autoComplete="tel"
        maxLength={16}
        placeholder={t('recovery.mobilePlaceholder')}
        value={mobile}
        onChange={(event) => setMobile(event.target.value)}
      />
      <TextField
        id="recovery-code"
        label={t('recovery.code')}
        error={errors.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('recovery.codePlaceholder')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        aside={
          <Button size="large" disabled={busy || wait > 0} onClick={() => void sendCode()}>
            {wait > 0 ? t('recovery.resendIn', { seconds: wait }) : t('recovery.send')}
          </Button>
        }
      />
      {sent && (
        <Alert type="info" showIcon title={t('recovery.sent')} style={{ marginBottom: 16 }} />
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('recovery.next')}
      </Button>
    </form>
  );
}

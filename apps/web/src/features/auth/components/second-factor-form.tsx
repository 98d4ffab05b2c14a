import { SafetyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/stores/user-store';
import { completeSecondFactor } from '../api/complete-second-factor';
import { storeSignIn } from '../hooks/use-password-login';
import { TextField } from './text-field';

export interface SecondFactorFormProps {
  /** The ticket the first step (password or QR) answered with. */
  ticket: string;
  /** The first step was the QR code: the session is marked so, as a QR sign-in. */
  qrCodeLogin: boolean;
  onSuccess(): void;
  /** Back to the first step (the ticket is left to expire). */
  onCancel(): void;
}

const CODE_ID = 'login-second-factor';

/** The sign-in's second step: the authenticator app's six digits, or a recovery code. */
export function SecondFactorForm({
  ticket,
  qrCodeLogin,
  onSuccess,
  onCancel,
}: SecondFactorFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const focusCode = () => document.getElementById(CODE_ID)?.focus();
  useEffect(focusCode, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const typed = code.replace(/\s+/g, '');
    if (!typed) {
      setError(t('login.secondFactor.required'));
      focusCode();
      return;
    }
    setLoading(true);
    try {
      await storeSignIn(await completeSecondFactor(ticket, typed), qrCodeLogin);
      onSuccess();
    } catch {
      // The HTTP client has shown why; a half-finished sign-in is undone.
      useUserStore.getState().resetToken();
      setCode('');
      focusCode();
    } finally {
      setLoading(false);
    }
  }

  return (
    <form name="second-factor" onSubmit={submit} noValidate aria-busy={loading}>
      <p>{t('login.secondFactor.help')}</p>
      <TextField
        id={CODE_ID}
        label={t('login.secondFactor.code')}
        error={error}
        prefix={<SafetyOutlined aria-hidden />}
        placeholder={t('login.secondFactor.placeholder')}
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={16}
        value={code}
        disabled={loading}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('login.secondFactor.submit')}
      </Button>
      <Button type="text" block onClick={onCancel} disabled={loading} style={{ marginTop: 8 }}>
        {t('login.secondFactor.back')}
      </Button>
    </form>
  );
}

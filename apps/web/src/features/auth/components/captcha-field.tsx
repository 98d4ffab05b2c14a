import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCaptcha } from '../api/get-captcha';
import { TextField } from './text-field';

export interface CaptchaFieldProps {
  /** Changes after every attempt: a captcha is used up by one try. */
  round: number;
  value: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange(value: string, captchaId: string | null): void;
}

/**
 * The image captcha the server asks for after failed sign-ins. Loaded with the
 * login page only when needed (lazy), so the first screen stays small.
 */
export function CaptchaField({ round, value, error, disabled, onChange }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let cancelled = false;
    getCaptcha()
      .then((next) => {
        if (cancelled) return;
        setCaptcha(next);
        onChange('', next.captchaId);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // A new image for every attempt and every refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round, reload]);

  return (
    <TextField
      id="login-captcha"
      label={t('login.captcha')}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      maxLength={8}
      placeholder={t('login.captchaPlaceholder')}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value, captcha?.captchaId ?? null)}
      aside={
        <>
          {captcha && (
            <img
              src={captcha.image}
              alt={t('login.captchaImage')}
              width={132}
              height={44}
              data-captcha-id={captcha.captchaId}
            />
          )}
          <Button
            type="text"
            icon={<ReloadOutlined aria-hidden />}
            aria-label={t('login.captchaRefresh')}
            disabled={disabled}
            onClick={() => setReload((n) => n + 1)}
          />
        </>
      }
    />
  );
}

import type { QrScanResponse } from '@cityops/contract';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/stores/user-store';
import { confirmQr } from '../api/confirm-qr';
import { scanQr } from '../api/scan-qr';
import { describeDevice } from '../lib/describe-device';
import styles from './qr-confirm.module.css';
import { formatDateTime } from '@/lib/date-time';
import { loadCityTimeZone } from '@/lib/use-city-time-zone';

type Step = 'checking' | 'asking' | 'sending' | 'confirmed' | 'refused' | 'unavailable';

/**
 * The phone's half of QR sign-in, signed in: the scan (the PC then shows
 * "scanned"), who asked and when, and the choice to confirm or refuse.
 */
export function QrConfirm({ ticket }: { ticket: string }) {
  const { t } = useTranslation();
  const username = useUserStore((state) => state.username);
  const [step, setStep] = useState<Step>('checking');
  const [request, setRequest] = useState<QrScanResponse | null>(null);

  useEffect(() => {
    let cancelled = false;
    // The request's time is told in the city's zone, read alongside (no shell here).
    Promise.all([scanQr(ticket), loadCityTimeZone()]).then(
      ([answer]) => {
        if (cancelled) return;
        setRequest(answer);
        setStep('asking');
      },
      // The HTTP client has shown the server's reason (expired, refused, used).
      () => !cancelled && setStep('unavailable'),
    );
    return () => {
      cancelled = true;
    };
  }, [ticket]);

  async function decide(confirm: boolean) {
    setStep('sending');
    try {
      await confirmQr(ticket, confirm);
      setStep(confirm ? 'confirmed' : 'refused');
    } catch {
      setStep('unavailable');
    }
  }

  if (step === 'checking') return <p role="status">{t('qr.mobile.checking')}</p>;
  if (step === 'confirmed' || step === 'refused' || step === 'unavailable') {
    return (
      <p role="status" className={styles.result}>
        {t(`qr.mobile.${step}`)}
      </p>
    );
  }
  const when = request ? formatDateTime(request.requestedAt) : '';
  const device = describeDevice(request?.browser);
  let deviceText = device.browser || device.os || t('qr.mobile.unknownDevice');
  if (device.browser && device.os)
    deviceText = t('qr.mobile.device', { browser: device.browser, os: device.os });
  return (
    <div className={styles.ask}>
      <p>{t('qr.mobile.ask', { username })}</p>
      <dl className={styles.details}>
        <dt>{t('qr.mobile.browser')}</dt>
        <dd>{deviceText}</dd>
        <dt>{t('qr.mobile.ipAddress')}</dt>
        <dd>{request?.ipAddress || '-'}</dd>
        <dt>{t('qr.mobile.requestedAt')}</dt>
        <dd>{when}</dd>
      </dl>
      <div className={styles.actions}>
        <Button
          type="primary"
          size="large"
          block
          loading={step === 'sending'}
          onClick={() => void decide(true)}
        >
          {t('qr.mobile.confirm')}
        </Button>
        <Button size="large" block disabled={step === 'sending'} onClick={() => void decide(false)}>
          {t('qr.mobile.refuse')}
        </Button>
      </div>
    </div>
  );
}

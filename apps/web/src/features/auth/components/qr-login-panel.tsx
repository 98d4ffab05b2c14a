import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import { qrTexts } from '@/locales/qr-texts';
import { useQrLogin } from '../hooks/use-qr-login';
import styles from './qr-login.module.css';

registerTexts(qrTexts);

// Only for accounts with a second factor, after the phone's confirmation.
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })),
);

export interface QrLoginPanelProps {
  /** Called once the confirmed sign-in is stored. */
  onSuccess(): void;
}

/** The login page's QR tab: the code, its state, and a refresh once it is spent. */
export function QrLoginPanel({ onSuccess }: QrLoginPanelProps) {
  const { t } = useTranslation();
  const { ticket, phase, refresh, secondFactorTicket } = useQrLogin(onSuccess);
  const spent = phase === 'expired' || phase === 'refused' || phase === 'failed';
  const message = {
    loading: t('qr.loading'),
    failed: t('qr.failed'),
    waiting: t('qr.waiting'),
    scanned: t('qr.scanned'),
    confirmed: t('login.success'),
    expired: t('qr.expired'),
    refused: t('qr.refused'),
    'second-factor': t('login.secondFactor.code'),
  }[phase];

  if (phase === 'second-factor' && secondFactorTicket) {
    return (
      <div className={styles.panel}>
        <Suspense fallback={null}>
          <SecondFactorForm
            ticket={secondFactorTicket}
            qrCodeLogin
            onSuccess={onSuccess}
            onCancel={refresh}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <p className={styles.hint}>{t('qr.hint')}</p>
      <div className={styles.code} data-spent={spent || undefined}>
        {ticket ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.svg)}`}
            alt={t('qr.image')}
            width={200}
            height={200}
          />
        ) : (
          <div className={styles.placeholder} aria-hidden />
        )}
      </div>
      <p className={styles.state} role="status" data-phase={phase}>
        {message}
      </p>
      {spent && (
        <Button icon={<ReloadOutlined aria-hidden />} onClick={refresh}>
          {t('qr.refresh')}
        </Button>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { QrConfirm } from '@/features/auth/components/qr-confirm';
import { registerTexts } from '@/lib/i18n';
import { qrTexts } from '@/locales/qr-texts';
import { useUserStore } from '@/stores/user-store';
import { LanguageSwitch } from '../layout/language-switch';
import styles from './qr-mobile.module.css';

registerTexts(qrTexts);

/**
 * The mobile confirm page the QR code opens (`/m/qr-login?ticket=`): public, so
 * a phone without a session signs in here first, then confirms or refuses.
 */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const ticket = searchParams.get('ticket') ?? '';
  const token = useUserStore((state) => state.token);

  let body;
  if (!ticket) body = <p role="status">{t('qr.mobile.noTicket')}</p>;
  else if (!token)
    body = (
      <>
        <p className={styles.lead}>{t('qr.mobile.signInFirst')}</p>
        {/* Signing in sets the token; this page then shows the confirmation. */}
        <LoginForm onSuccess={() => undefined} />
      </>
    );
  else body = <QrConfirm ticket={ticket} />;

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1>{t('qr.mobile.title')}</h1>
        <LanguageSwitch />
      </header>
      <section className={styles.card}>{body}</section>
    </main>
  );
}

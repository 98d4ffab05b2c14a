import { NAVIGATION_DELAY_MS } from '@cityops/contract';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeRedirectTarget } from '@/lib/redirect';
import { forgetSignedOutReason, signedOutReason } from '../sign-out';
import { AuthPageLayout } from './auth-page-layout';
import styles from './login.module.css';
import { paths } from '@/lib/paths';

// The QR tab (its texts, polling and the code image) loads only when chosen.
const QrLoginPanel = lazy(() =>
  import('@/features/auth/components/qr-login-panel').then((m) => ({ default: m.QrLoginPanel })),
);

type Method = 'password' | 'qr';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [method, setMethod] = useState<Method>('password');
  // Why the last session ended (issue 24), said until the next sign-in: forced sign-out,
  // disabled, expired, idle.
  const [endedReason] = useState(signedOutReason);

  useEffect(() => () => clearTimeout(timer.current), []);

  // After sign-in, 500 ms, then the requested path and query. A push,
  // not a replace: Back from / returns towards /login, where the leave guard asks first.
  function onSuccess() {
    forgetSignedOutReason();
    const target = safeRedirectTarget(searchParams.get('redirect'));
    timer.current = setTimeout(() => navigate(target), NAVIGATION_DELAY_MS);
  }

  // QR login replaces the route with / after 500 ms (docs/sign-in.md, "QR login (browser side)").
  function onQrSuccess() {
    forgetSignedOutReason();
    timer.current = setTimeout(() => navigate(paths.home, { replace: true }), NAVIGATION_DELAY_MS);
  }

  return (
    <AuthPageLayout
      title={t(method === 'qr' ? 'login.qrTitle' : 'login.title')}
      subtitle={t(method === 'qr' ? 'login.qrSubtitle' : 'login.subtitle')}
    >
      {endedReason && (
        <p role="status" className={styles.ended}>
          {t(`login.ended.${endedReason}`)}
        </p>
      )}
      <div className={styles.methods} role="group" aria-label={t('login.method')}>
        {(['password', 'qr'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className={styles.method}
            aria-pressed={method === choice}
            onClick={() => setMethod(choice)}
          >
            {t(choice === 'qr' ? 'login.qrTab' : 'login.passwordTab')}
          </button>
        ))}
      </div>
      {method === 'password' ? (
        <LoginForm onSuccess={onSuccess} />
      ) : (
        <Suspense fallback={null}>
          <QrLoginPanel onSuccess={onQrSuccess} />
        </Suspense>
      )}
      <p className={styles.links}>
        <Link to={paths.forgotPassword}>{t('login.forgotPassword')}</Link>
      </p>
    </AuthPageLayout>
  );
}

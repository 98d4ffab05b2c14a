import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/http/api-error';
import { paths } from '@/lib/paths';
import { completeSubsystemSignIn } from '../api/complete-subsystem-sign-in';

/** Where the provider's answer may send the browser: only back to the provider, on this origin. */
function isProviderAddress(address: string): boolean {
  try {
    return new URL(address).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Whether the server asks for a fresh platform sign-in first (prompt=login, max_age). */
function asksSignInAgain(error: unknown): boolean {
  const data = error instanceof ApiError ? error.body?.data : undefined;
  return typeof data === 'object' && data !== null && 'signInAgain' in data;
}

/**
 * A subsystem asked the platform who the user is (the code flow). Signed in
 * already (the route's guard sent anyone else to the sign-in page first), the
 * user is not asked again: the page completes the sign-in and goes on at once,
 * unless the subsystem asked for a fresh sign-in (prompt=login, max_age): then
 * `onSignInAgain` sends the person to sign in afresh and back here.
 */
export function SubsystemSignIn({
  uid,
  onSignInAgain,
}: {
  uid: string | null;
  onSignInAgain: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(uid ? null : t('sso.missing'));
  // One completion per page, even when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (!uid || started.current) return;
    started.current = true;
    completeSubsystemSignIn(uid).then(
      (redirectTo) => {
        if (isProviderAddress(redirectTo)) window.location.assign(redirectTo);
        else setFailure(t('sso.failed'));
      },
      (error: unknown) => {
        if (asksSignInAgain(error)) onSignInAgain();
        else
          setFailure(error instanceof ApiError && error.message ? error.message : t('sso.failed'));
      },
    );
  }, [uid, t, onSignInAgain]);

  if (failure) {
    return (
      <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Result
          status="warning"
          title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{t('sso.title')}</h1>}
          subTitle={failure}
          extra={
            <Button type="primary" onClick={() => navigate(paths.home)}>
              {t('common.backHome')}
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <div role="status" aria-live="polite" style={{ textAlign: 'center' }}>
        <Spin />
        <h1 style={{ fontSize: 16, fontWeight: 'normal' }}>{t('sso.working')}</h1>
      </div>
    </main>
  );
}

import { NAVIGATION_DELAY_MS } from '@cityops/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RecoveryForm } from '@/features/auth/components/recovery-form';
import { toast } from '@/lib/toast';
import { AuthPageLayout } from './auth-page-layout';
import { paths } from '@/lib/paths';

/** Password recovery by SMS, reached from the login page; needs no token. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onDone() {
    toast.success({ content: t('recovery.done'), duration: 3 });
    timer.current = setTimeout(() => navigate(paths.login, { replace: true }), NAVIGATION_DELAY_MS);
  }

  return (
    <AuthPageLayout title={t('recovery.title')} subtitle={t('recovery.subtitle')}>
      <RecoveryForm onDone={onDone} />
      <p style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
      </p>
    </AuthPageLayout>
  );
}

import { NAVIGATION_DELAY_MS } from '@cityops/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeRedirectTarget } from '@/lib/redirect';
import { useAppStore } from '@/stores/app-store';
import { LanguageSwitch } from '../layout/language-switch';
import styles from './login.module.css';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const systemName = useAppStore((state) => state.systemName);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // After sign-in, 500 ms, then the requested path and query (spec section 4). A push,
  // not a replace: Back from / returns towards /login, where the leave guard asks first.
  function onSuccess() {
    const target = safeRedirectTarget(searchParams.get('redirect'));
    timer.current = setTimeout(() => navigate(target), NAVIGATION_DELAY_MS);
  }

  return (
    <main className={styles.page}>
      <section className={styles.brand} aria-labelledby="system-name">
        <img className={styles.logo} src="/logo.svg" alt="" />
        <h1 id="system-name">{systemName}</h1>
        <p>{t('login.tagline')}</p>
      </section>
      <section className={styles.panel}>
        <div className={styles.language}>
          <LanguageSwitch dark />
        </div>
        <div className={styles.card}>
          <h2>{t('login.title')}</h2>
          <p className={styles.subtitle}>{t('login.subtitle')}</p>
          <LoginForm onSuccess={onSuccess} />
        </div>
      </section>
    </main>
  );
}

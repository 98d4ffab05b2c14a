import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/stores/app-store';
import { LanguageSwitch } from '../layout/language-switch';
import styles from './login.module.css';

/** The frame of the signed-out pages: the brand on one side, a card with the form on the other. */
export function AuthPageLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const systemName = useAppStore((state) => state.systemName);
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
          <h2>{title}</h2>
          <p className={styles.subtitle}>{subtitle}</p>
          {children}
        </div>
      </section>
    </main>
  );
}

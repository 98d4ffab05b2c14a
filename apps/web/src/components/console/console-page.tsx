import type { PermissionCode } from '@cityops/contract';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/access/use-access';
import { ConsoleTheme } from './console-theme';

/**
 * A console page: its theme, and nothing but a notice for a user without the page's
 * read code (an address typed by hand; the sidebar offers it only to holders), so
 * no call is made that the server would refuse.
 */
export function ConsolePage({ read, children }: { read: PermissionCode; children: ReactNode }) {
  const { t } = useTranslation();
  const allowed = useAccess(read);
  return (
    <ConsoleTheme>
      {allowed ? children : <Alert type="warning" showIcon title={t('error.forbidden')} />}
    </ConsoleTheme>
  );
}

import type { AdminMenuEntry } from '@cityops/contract';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localName } from '@/lib/local-name';

/**
 * Which roles see a menu entry: the roles holding it (the server's `holders`).
 * A new entry is held by no role yet, so only the system administrator sees it.
 */
export function MenuHolders({ entry }: { entry: AdminMenuEntry | null }) {
  const { t, i18n } = useTranslation();
  if (!entry) {
    return (
      <Typography.Text type="secondary">{t('system.menus.dialog.holdersNew')}</Typography.Text>
    );
  }
  if (entry.holders.length === 0) {
    return (
      <Typography.Text type="secondary">{t('system.menus.dialog.holdersNone')}</Typography.Text>
    );
  }
  return (
    <Space size={[4, 4]} wrap aria-label={t('system.menus.dialog.holders')}>
      {entry.holders.map((role) => (
        <Tag key={role.id}>{localName(role, i18n.language)}</Tag>
      ))}
    </Space>
  );
}

import type { AdminUser } from '@cityops/contract';
import { Badge, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A user's state in words; the dot's colour only repeats it (coloured tag texts fall
 * under the AA contrast ratio, so the words stay in the text colour).
 */
export function UserStatusTag({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const status = user.disabled ? 'disabled' : user.locked ? 'locked' : 'enabled';
  const dot = ({ enabled: 'success', disabled: 'default', locked: 'warning' } as const)[status];
  return (
    <Space size={8} wrap>
      <Badge status={dot} text={t(`system.users.statusName.${status}`)} />
      {user.mustChangePassword && <Tag>{t('system.users.mustChangePassword')}</Tag>}
    </Space>
  );
}

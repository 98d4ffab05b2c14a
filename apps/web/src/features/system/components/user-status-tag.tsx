import type { AdminUser } from '@cityops/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A user's state in words (colour only repeats it). */
export function UserStatusTag({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const status = user.disabled ? 'disabled' : user.locked ? 'locked' : 'enabled';
  const color = { enabled: 'success', disabled: 'default', locked: 'warning' }[status];
  return (
    <Space size={4} wrap>
      <Tag color={color}>{t(`system.users.statusName.${status}`)}</Tag>
      {user.mustChangePassword && (
        <Tag color="processing">{t('system.users.mustChangePassword')}</Tag>
      )}
    </Space>
  );
}

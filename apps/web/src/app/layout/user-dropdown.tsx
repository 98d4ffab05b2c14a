import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/stores/user-store';
import { signOut } from '../sign-out';

/** The user's name and avatar, opening the user menu; log out asks first. */
export function UserDropdown() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const userData = useUserStore((state) => state.userData);
  const username = useUserStore((state) => state.username);
  const displayName = userData?.name || username;

  function confirmLogout() {
    modal.confirm({
      title: t('shell.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => signOut({ revoke: true }),
    });
  }

  return (
    <>
      {modalHolder}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('shell.logout') },
          ],
          onClick: ({ key }) => {
            if (key === 'logout') confirmLogout();
          },
        }}
      >
        <Button
          type="text"
          aria-label={t('shell.userMenu')}
          style={{ height: 'auto', paddingInline: 8 }}
        >
          <Avatar
            size="small"
            src={userData?.headImage || undefined}
            icon={<UserOutlined aria-hidden />}
            alt=""
          />
          <span>{displayName}</span>
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
    </>
  );
}

import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SafetyOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Modal } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasswordDialog } from '@/features/password/lib/password-dialog-store';
import { resolveFileUrl } from '@/lib/file-url';
import { useUserStore } from '@/stores/user-store';
import { signOut } from '../sign-out';
import { layoutTexts } from '@/locales/layout-texts';
import { registerTexts } from '@/lib/i18n';
import { scaledPx } from '@/lib/root-font-size';

registerTexts(layoutTexts);

const ProfileDialog = lazy(() =>
  import('@/features/profile/components/profile-dialog').then((m) => ({
    default: m.ProfileDialog,
  })),
);

const SecondFactorDialog = lazy(() =>
  import('@/features/profile/components/second-factor-dialog').then((m) => ({
    default: m.SecondFactorDialog,
  })),
);

/** The user's name and avatar, opening the user menu; log out asks first. */
export function UserDropdown({ onOpenSettings }: { onOpenSettings?: () => void } = {}) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const userData = useUserStore((state) => state.userData);
  const username = useUserStore((state) => state.username);
  const displayName = userData?.name || username;
  const [profileOpen, setProfileOpen] = useState(false);
  const [secondFactorOpen, setSecondFactorOpen] = useState(false);

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
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog
            open
            onClose={() => setProfileOpen(false)}
            onSignOut={() => void signOut({ revoke: false })}
          />
        </Suspense>
      )}
      {secondFactorOpen && (
        <Suspense fallback={null}>
          <SecondFactorDialog open onClose={() => setSecondFactorOpen(false)} />
        </Suspense>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'settings',
              icon: <SettingOutlined aria-hidden />,
              label: t('layout.openSettings'),
            },
            { key: 'avatar', icon: <UserOutlined aria-hidden />, label: t('shell.changeAvatar') },
            {
              key: 'changePassword',
              icon: <KeyOutlined aria-hidden />,
              label: t('shell.changePassword'),
            },
            {
              key: 'secondFactor',
              icon: <SafetyOutlined aria-hidden />,
              label: t('shell.secondFactor'),
            },
            { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('shell.logout') },
          ],
          onClick: ({ key }) => {
            if (key === 'settings') onOpenSettings?.();
            if (key === 'changePassword') usePasswordDialog.getState().show('change');
            if (key === 'logout') confirmLogout();
            if (key === 'avatar') setProfileOpen(true);
            if (key === 'secondFactor') setSecondFactorOpen(true);
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
            src={resolveFileUrl(userData?.headImage)}
            icon={<UserOutlined aria-hidden />}
            alt=""
          />
          <span>{displayName}</span>
          <DownOutlined aria-hidden style={{ fontSize: scaledPx(10) }} />
        </Button>
      </Dropdown>
    </>
  );
}

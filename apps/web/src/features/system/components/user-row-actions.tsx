import type { AdminUser, UserAction } from '@cityops/contract';
import { Button, Modal, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefusalNote } from '@/components/console/refusal-note';
import { toast } from '@/lib/toast';
import { useUserStore } from '@/stores/user-store';
import { useChangeUserStatus } from '../api/change-user-status';
import { useResetUserPassword } from '../api/reset-user-password';
import { useResetSecondFactor } from '../api/reset-second-factor';
import { useUnlockUser } from '../api/unlock-user';
import type { IssuedPassword } from './issued-password-dialog';

export interface UserRowActionsProps {
  user: AdminUser;
  onEdit(user: AdminUser): void;
  onPasswordIssued(issued: IssuedPassword): void;
}

/**
 * A row's actions: those the server offers on the account (`user.actions`, the
 * access policy with the caller's codes, issue 24), so what is shown works: edit,
 * disable or enable and reset password (confirmed first), the second factor's
 * reset (only where one is set up), unlock (only where locked).
 */
export function UserRowActions({ user, onEdit, onPasswordIssued }: UserRowActionsProps) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const changeStatus = useChangeUserStatus();
  const resetPassword = useResetUserPassword();
  const unlock = useUnlockUser();
  const resetFactor = useResetSecondFactor();
  const name = user.name || user.username;
  const self = useUserStore(
    (state) => state.userData?.username.toLowerCase() === user.username.toLowerCase(),
  );

  // One's own account is changed in the personal-info and password dialogs, never
  // here (the server refuses with system.user.self).
  if (self) return <Tag>{t('system.users.self')}</Tag>;

  function confirmStatus() {
    const disabling = !user.disabled;
    const texts = disabling ? 'system.users.confirmDisable' : 'system.users.confirmEnable';
    void modal.confirm({
      title: t(`${texts}.title`, { name }),
      content: t(`${texts}.content`, { name }),
      okText: t(`${texts}.ok`),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: disabling },
      // The OK button spins and takes no second click until the answer.
      onOk: async () => {
        try {
          await changeStatus.mutateAsync({
            id: user.id,
            change: { disabled: disabling, version: user.version },
          });
          toast.success({
            content: t(disabling ? 'system.users.disabled' : 'system.users.enabled', { name }),
          });
        } catch {
          // The HTTP client has shown why; the list reloads the user.
        }
      },
    });
  }

  function confirmReset() {
    void modal.confirm({
      title: t('system.users.confirmReset.title', { name }),
      content: t('system.users.confirmReset.content', { name }),
      okText: t('system.users.confirmReset.ok'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const issued = await resetPassword.mutateAsync(user.id);
          onPasswordIssued({
            name: issued.user.name,
            username: issued.user.username,
            password: issued.initialPassword,
            reason: 'reset',
          });
        } catch {
          // The HTTP client has shown why.
        }
      },
    });
  }

  function confirmFactorReset() {
    void modal.confirm({
      title: t('system.users.confirmFactorReset.title', { name }),
      content: t('system.users.confirmFactorReset.content', { name }),
      okText: t('system.users.confirmFactorReset.ok'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await resetFactor.mutateAsync(user.id);
          toast.success({ content: t('system.users.factorReset', { name }) });
        } catch {
          // The HTTP client has shown why (none set up).
        }
      },
    });
  }

  async function doUnlock() {
    if (unlock.isPending) return;
    try {
      await unlock.mutateAsync(user.id);
      toast.success({ content: t('system.users.unlocked', { name }) });
    } catch {
      // The HTTP client has shown why.
    }
  }

  // Nothing offered because the policy refuses the account: the cell says why
  // (issue 31), focusable so a keyboard user reads it too.
  if (user.actions.length === 0 && user.refusal) {
    return <RefusalNote label={t('system.users.noActions')} refusal={user.refusal} />;
  }

  const offers = (action: UserAction) => user.actions.includes(action);
  return (
    <>
      {modalHolder}
      {/* On one line in Chinese; the longer English buttons take a second line within
          the column's width (users-page.tsx) rather than push the table past the page. */}
      <Space size={0} wrap>
        {offers('edit') && (
          <Button
            type="link"
            size="small"
            aria-label={t('system.users.action.edit', { name })}
            onClick={() => onEdit(user)}
          >
            {t('system.common.edit')}
          </Button>
        )}
        {(offers('disable') || offers('enable')) && (
          <Button
            type="link"
            size="small"
            danger={!user.disabled}
            loading={changeStatus.isPending}
            aria-label={t(
              user.disabled ? 'system.users.action.enableOf' : 'system.users.action.disableOf',
              { name },
            )}
            onClick={confirmStatus}
          >
            {user.disabled ? t('system.users.action.enable') : t('system.users.action.disable')}
          </Button>
        )}
        {offers('reset-password') && (
          <Button
            type="link"
            size="small"
            loading={resetPassword.isPending}
            aria-label={t('system.users.action.resetPasswordOf', { name })}
            onClick={confirmReset}
          >
            {t('system.users.action.resetPassword')}
          </Button>
        )}
        {offers('factor-reset') && (
          <Button
            type="link"
            size="small"
            loading={resetFactor.isPending}
            aria-label={t('system.users.action.resetFactorOf', { name })}
            onClick={confirmFactorReset}
          >
            {t('system.users.action.resetFactor')}
          </Button>
        )}
        {offers('unlock') && (
          <Button
            type="link"
            size="small"
            loading={unlock.isPending}
            aria-label={t('system.users.action.unlockOf', { name })}
            onClick={() => void doUnlock()}
          >
            {t('system.users.action.unlock')}
          </Button>
        )}
      </Space>
    </>
  );
}

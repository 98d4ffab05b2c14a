import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';

/**
 * Going from / to /login with a token asks first (spec section 2). Confirming
 * clears the token and the system state; closing stays where the user was.
 */
export function LoginLeaveGuard() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname === '/' && nextLocation.pathname === '/login' && Boolean(getToken()),
  );
  // The blocker object changes on every render; the dialog must open once per block.
  const latest = useRef(blocker);
  useEffect(() => {
    latest.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('guard.leaveConfirm'),
      okText: t('guard.confirmExit'),
      cancelText: t('guard.close'),
      onOk: () => {
        useUserStore.getState().resetToken();
        useAppStore.getState().resetSystem();
        latest.current.proceed?.();
      },
      onCancel: () => latest.current.reset?.(),
    });
  }, [blocker.state, modal, t]);

  return modalHolder;
}

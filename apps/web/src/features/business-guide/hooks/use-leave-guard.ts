import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving asks first: the browser's own prompt for a reload or a
 * closed tab, and a dialog for a navigation inside the app.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  const latest = useRef(blocker);
  useEffect(() => {
    latest.current = blocker;
  });

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('businessGuide.editor.leaveTitle'),
      content: t('businessGuide.editor.leaveText'),
      okText: t('businessGuide.editor.leave'),
      cancelText: t('businessGuide.editor.stay'),
      onOk: () => latest.current.proceed?.(),
      onCancel: () => latest.current.reset?.(),
    });
  }, [blocker.state, modal, t]);

  return holder;
}

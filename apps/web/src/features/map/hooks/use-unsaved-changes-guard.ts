import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While the map has unsaved changes, leaving asks first: a dialog for a move
 * inside the app, the browser's own prompt for a reload or a closed tab.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const latest = useRef(blocker);
  useEffect(() => {
    latest.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('map.unsavedTitle'),
      content: t('map.unsavedBody'),
      okText: t('map.leave'),
      cancelText: t('map.stay'),
      onOk: () => latest.current.proceed?.(),
      onCancel: () => latest.current.reset?.(),
    });
  }, [blocker.state, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return holder;
}

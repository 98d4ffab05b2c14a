import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';

/** The i18n keys of the confirmation dialog. */
export interface LeaveConfirmKeys {
  title: string;
  content?: string;
  ok: string;
  cancel: string;
}

/**
 * Holds back the navigations `shouldBlock` picks and asks first in a dialog:
 * OK runs `onLeave` (if any) and goes on, cancel stays. Render the returned
 * holder: the dialog lives in it.
 */
export function useLeaveConfirm(
  shouldBlock: BlockerFunction,
  keys: LeaveConfirmKeys,
  onLeave?: () => void,
) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const blocker = useBlocker(shouldBlock);
  // The blocker object (and the caller's arguments) change on every render; the
  // dialog must open once per block, so the effect reads them from here.
  const latest = useRef({ blocker, keys, onLeave });
  useEffect(() => {
    latest.current = { blocker, keys, onLeave };
  });

  // Each block is its own navigation, its own `location`: the router commits its state in
  // transitions, and a block that follows a dismissed one within the same commit (with
  // motion off the dialog closes at once) would leave `state` 'blocked' throughout, and
  // the second block unasked.
  const blocked = blocker.state === 'blocked' ? blocker.location : null;
  useEffect(() => {
    if (!blocked) return;
    const { keys } = latest.current;
    modal.confirm({
      title: t(keys.title),
      content: keys.content ? t(keys.content) : undefined,
      okText: t(keys.ok),
      cancelText: t(keys.cancel),
      onOk: () => {
        latest.current.onLeave?.();
        latest.current.blocker.proceed?.();
      },
      onCancel: () => latest.current.blocker.reset?.(),
    });
  }, [blocked, modal, t]);

  return holder;
}

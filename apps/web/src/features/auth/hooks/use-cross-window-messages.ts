import { ErrorCode, LAYOUT_MESSAGE_LOGOUT_DELAY_MS } from '@cityops/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedCode, trustedSubsystemOrigins } from '@/lib/cross-window';
import { ERROR_TOAST_KEY } from '@/lib/http/http-client';
import { toast } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

/**
 * The layout shell's message listener (docs/sign-in.md, "Embedding and cross-window messages"): `040005` shows "invalid
 * token, please log in again!", `000404` "please log in again"; 2 s later the
 * user is signed out and the system state reset. Other origins are ignored.
 */
export function useCrossWindowMessages(onSignOut: () => void): void {
  const { t } = useTranslation();
  const menuList = useAppStore((state) => state.menuList);
  const signOutRef = useRef(onSignOut);
  useEffect(() => {
    signOutRef.current = onSignOut;
  });

  useEffect(() => {
    const trusted = trustedSubsystemOrigins(menuList);
    let timer: ReturnType<typeof setTimeout> | undefined;
    function onMessage(event: MessageEvent) {
      const code = acceptedCode(event, trusted);
      if (!code || timer) return;
      toast.error({
        content: t(code === ErrorCode.TOKEN_INVALID ? 'error.tokenInvalid' : 'error.sessionGone'),
        duration: 2,
        key: ERROR_TOAST_KEY,
      });
      timer = setTimeout(() => {
        signOutRef.current();
        useAppStore.getState().resetSystem();
      }, LAYOUT_MESSAGE_LOGOUT_DELAY_MS);
    }
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [menuList, t]);
}

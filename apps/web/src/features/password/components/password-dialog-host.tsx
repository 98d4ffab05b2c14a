import { PASSWORD_CHANGE_LOGOUT_DELAY_MS, PasswordStatus } from '@cityops/contract';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { expectSignOut } from '@/lib/http/api';
import { ERROR_TOAST_KEY } from '@/lib/http/http-client';
import { toast } from '@/lib/toast';
import { usePasswordStatus } from '../api/get-password-status';
import { usePasswordDialog } from '../lib/password-dialog-store';

// antd Form is not part of the shell's first load; it is fetched once the shell is up.
const loadDialog = () => import('./password-dialog').then((m) => ({ default: m.PasswordDialog }));
const PasswordDialog = lazy(loadDialog);

export interface PasswordDialogHostProps {
  /** Signs out; `revoke` also ends the token on the server. */
  onSignOut(options: { revoke: boolean }): void;
}

/**
 * Acts on the password status of the shell's entry (docs/sign-in.md, "Password status
 * and the password dialog"): 1 shows "please reset password" and opens the dialog in
 * reset mode, whose closing shows "please log in again" and signs out after 500 ms; 2
 * warns that the password is old. Also hosts the dialog the user menu opens. The
 * status itself is the shell's query (`usePasswordStatus`), which also holds back the
 * calls the server would refuse while a reset is forced.
 */
export function PasswordDialogHost({ onSignOut }: PasswordDialogHostProps) {
  const { t } = useTranslation();
  const { open, mode, show, hide } = usePasswordDialog(
    useShallow((state) => ({
      open: state.open,
      mode: state.mode,
      show: state.show,
      hide: state.hide,
    })),
  );
  const status = usePasswordStatus().data;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const announced = useRef(false);
  // Mounted from the first opening on, so the closing animation can run.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);

  useEffect(() => {
    void loadDialog().catch(() => undefined);
    return () => clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    // Once per entry into the shell.
    if (status === undefined || announced.current) return;
    announced.current = true;
    if (status === PasswordStatus.MUST_RESET) {
      // Same key as the HTTP client's: the refused calls' toast says the same.
      toast.error({ content: t('password.resetRequired'), duration: 2, key: ERROR_TOAST_KEY });
      show('reset');
    } else if (status === PasswordStatus.OLD) {
      toast.warning({ content: t('password.old'), duration: 5 });
    }
  }, [status, show, t]);

  /**
   * Signs out after the dialog's last word. That word takes the place of the red
   * "please reset password" (same key), which would otherwise still show beside it on
   * the login page.
   */
  function signOutSoon(
    message: { kind: 'success' | 'warning'; text: string },
    revoke: boolean,
  ): void {
    hide();
    // The session's end, pushed to this tab too (use-live-unread.ts), must not put the
    // red "invalid token" over this word before the sign-out below.
    expectSignOut();
    toast[message.kind]({ content: message.text, duration: 2, key: ERROR_TOAST_KEY });
    timer.current = setTimeout(() => onSignOut({ revoke }), PASSWORD_CHANGE_LOGOUT_DELAY_MS);
  }

  if (!open && !used) return null;
  return (
    <Suspense fallback={null}>
      <PasswordDialog
        open={open}
        mode={mode}
        onCancel={() => {
          if (mode === 'reset') {
            signOutSoon({ kind: 'warning', text: t('password.logInAgain') }, true);
          } else {
            hide();
          }
        }}
        // The server has ended every session of the user: nothing left to revoke.
        onChanged={() => signOutSoon({ kind: 'success', text: t('password.changed') }, false)}
      />
    </Suspense>
  );
}

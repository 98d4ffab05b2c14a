import { PASSWORD_CHANGE_LOGOUT_DELAY_MS, PasswordStatus } from '@cityops/contract';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ERROR_TOAST_KEY } from '@/lib/http/http-client';
import { toast } from '@/lib/toast';
import { getPasswordStatus } from '../api/get-password-status';
import { usePasswordDialog } from '../lib/password-dialog-store';

// antd Form is not part of the shell's first load; it is fetched once the shell is up.
const loadDialog = () => import('./password-dialog').then((m) => ({ default: m.PasswordDialog }));
const PasswordDialog = lazy(loadDialog);

export interface PasswordDialogHostProps {
  /** Signs out; `revoke` also ends the token on the server. */
  onSignOut(options: { revoke: boolean }): void;
}

/**
 * Checks the password status on entering the shell (docs/sign-in.md, "Password status and the password dialog"): 1 shows
 * "please reset password" and opens the dialog in reset mode, whose closing
 * shows "please log in again" and signs out after 500 ms; 2 warns that the
 * password is old. Also hosts the dialog the user menu opens.
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
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Mounted from the first opening on, so the closing animation can run.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);

  useEffect(() => {
    let cancelled = false;
    void loadDialog().catch(() => undefined);
    getPasswordStatus()
      .then((status) => {
        if (cancelled) return;
        if (status === PasswordStatus.MUST_RESET) {
          // Same key as the HTTP client's: the refused calls' toast says the same.
          toast.error({ content: t('password.resetRequired'), duration: 2, key: ERROR_TOAST_KEY });
          show('reset');
        } else if (status === PasswordStatus.OLD) {
          toast.warning({ content: t('password.old'), duration: 5 });
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
    };
    // Once per entry into the shell.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function signOutSoon(message: string, revoke: boolean) {
    hide();
    toast.success({ content: message, duration: 2 });
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
            hide();
            toast.warning({ content: t('password.logInAgain'), duration: 2 });
            timer.current = setTimeout(
              () => onSignOut({ revoke: true }),
              PASSWORD_CHANGE_LOGOUT_DELAY_MS,
            );
          } else {
            hide();
          }
        }}
        // The server has ended every session of the user: nothing left to revoke.
        onChanged={() => signOutSoon(t('password.changed'), false)}
      />
    </Suspense>
  );
}

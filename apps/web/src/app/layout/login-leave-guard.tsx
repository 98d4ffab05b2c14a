import { getToken } from '@/lib/token';
import { useLeaveConfirm } from '@/lib/use-leave-confirm';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { paths } from '@/lib/paths';

/**
 * Going from / to /login with a token asks first (a sign-out). Confirming
 * clears the token and the system state; closing stays where the user was.
 */
export function LoginLeaveGuard() {
  return useLeaveConfirm(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname === paths.home &&
      nextLocation.pathname === paths.login &&
      Boolean(getToken()),
    { title: 'guard.leaveConfirm', ok: 'guard.confirmExit', cancel: 'guard.close' },
    () => {
      useUserStore.getState().resetToken();
      useAppStore.getState().resetSystem();
    },
  );
}

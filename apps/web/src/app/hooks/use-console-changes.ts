import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { menuKeys } from '@/features/menu/api/query-keys';
import { listenToConsoleChanges } from '@/lib/console-changes';
import { useAppStore } from '@/stores/app-store';

/**
 * The shell applies what a console screen saved (lib/console-changes.ts), framed or
 * not: a new system name shows in the header, the sidebar and the tab title, and a
 * changed menu reloads the sidebar, without a reload of the page.
 */
export function useConsoleChanges(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenToConsoleChanges((change) => {
        if (change.kind === 'system-name') {
          useAppStore.getState().setSystemName(change.name);
        } else {
          void queryClient.invalidateQueries({ queryKey: menuKeys.userMenu() });
        }
      }),
    [queryClient],
  );
}

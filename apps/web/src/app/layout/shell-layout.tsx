import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { onSignOut } from '../sign-out';
import { Shell } from './shell';

// Server state loaded for one user must not show to the next.
onSignOut(() => queryClient.clear());

/** The layout route: server state for every signed-in screen, then the shell. */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

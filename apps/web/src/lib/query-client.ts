import { QueryClient } from '@tanstack/react-query';

/** Server state of the signed-in screens; cleared at sign-out. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP client already shows the error; a retry would show it again.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

import { QueryClient } from '@tanstack/react-query';

/** Errors are already shown by the HTTP clients, so queries do not retry into more toasts. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@web/lib/api';

/** One query client for the app; route loaders prefetch through it with the same query options. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // 4xx answers are final; retry network and server failures twice.
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});

import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-error';

/** The app's one query cache: the providers hand it to React, the router's loaders fill it before rendering. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; network hiccups and 5xx get two more tries.
      retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
    },
  },
});

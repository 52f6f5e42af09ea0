import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from '../lib/api-client'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Retrying a 4xx only repeats the same answer; retry network and server faults once.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiRequestError && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
})

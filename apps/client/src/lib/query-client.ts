import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isUnauthorizedError } from './api-errors.ts'

declare module '@tanstack/react-query' {
  interface Register {
    /** handlesUnauthorized: the call shows its own message for a 401 (login: wrong password). */
    mutationMeta: { handlesUnauthorized?: boolean }
    /** handlesUnauthorized: a fetch made before anyone knows whether the visitor is signed in. */
    queryMeta: { handlesUnauthorized?: boolean }
  }
}

/** SPEC section 7: no retries, never stale, no refetch on focus; any 401 starts the Unauthorized flow. */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorizedError(error) && !query.meta?.handlesUnauthorized) onUnauthorized()
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorizedError(error) && !mutation.meta?.handlesUnauthorized) onUnauthorized()
      },
    }),
  })
}

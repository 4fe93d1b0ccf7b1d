import type { AppRouter } from '@fiveconnect/api'
import { MAX_BATCH_CALLS } from '@fiveconnect/api/transport'
import { createTRPCReact, httpBatchLink } from '@trpc/react-query'
import superjson from 'superjson'
import { reportingFetch } from '../offline/connectivity.ts'

export const trpc = createTRPCReact<AppRouter>()

/** The client for the API at `origin` (the page's own, except when prerendering). */
export function createTrpcClient(origin: string) {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${origin}/api/trpc`,
        maxItems: MAX_BATCH_CALLS,
        transformer: superjson,
        fetch: reportingFetch,
      }),
    ],
  })
}

import type { AppRouter } from '@fiveconnect/api'
import { MAX_BATCH_CALLS } from '@fiveconnect/api/schemas'
import { createTRPCReact, httpBatchLink } from '@trpc/react-query'
import superjson from 'superjson'
import { reportingFetch } from '../offline/connectivity.ts'

export const trpc = createTRPCReact<AppRouter>()

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${window.location.origin}/api/trpc`,
        maxItems: MAX_BATCH_CALLS,
        transformer: superjson,
        fetch: reportingFetch,
      }),
    ],
  })
}

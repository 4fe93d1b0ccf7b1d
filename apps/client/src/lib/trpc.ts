import type { AppRouter } from '@fiveconnect/api'
import { MAX_BATCH_CALLS } from '@fiveconnect/api/schemas'
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client'
import { createTRPCReact } from '@trpc/react-query'
import superjson from 'superjson'
import { reportingFetch } from './connectivity.ts'

export const trpc = createTRPCReact<AppRouter>()

/** The typed client for code outside React (the outbox, uploads); hooks reach it by useUtils(). */
export type TrpcClient = TRPCClient<AppRouter>

/** The app's one client for the API at `origin` (the page's own, except when prerendering). */
export function createTrpcClient(origin: string): TrpcClient {
  return createTRPCClient<AppRouter>({
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

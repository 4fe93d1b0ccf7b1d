import type { AppRouter } from '@fiveconnect/api'
import { createTRPCReact, getUntypedClient, httpBatchLink } from '@trpc/react-query'
import superjson from 'superjson'

export const trpc = createTRPCReact<AppRouter>()

export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: `${window.location.origin}/api/trpc`, transformer: superjson })],
  })
}

export type TrpcClient = ReturnType<typeof createTrpcClient>

/** The same client without procedure types, for the calls AppRouter does not declare yet. */
export const untypedClient = (client: TrpcClient) => getUntypedClient(client)

import { trpc } from '../lib/trpc.ts'

/** The signed-in user's connections, newest first (connections.list). */
export function useConnections() {
  return trpc.connections.list.useQuery()
}

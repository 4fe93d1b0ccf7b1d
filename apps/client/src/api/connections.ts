import { useContractQuery } from './contract.ts'

/** The signed-in user's connections, newest first (connections.list). */
export function useConnections() {
  return useContractQuery('connections.list')
}

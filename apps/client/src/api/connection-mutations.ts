import { trpc } from '../lib/trpc.ts'

/**
 * Every change to a connection refreshes the list (SPEC section 4), any search results, Home's
 * summary and the events' counts.
 */
function useRefreshConnections() {
  const utils = trpc.useUtils()
  return () =>
    Promise.all([
      utils.connections.list.invalidate(),
      utils.connections.search.invalidate(),
      utils.home.summary.invalidate(),
      utils.events.list.invalidate(),
    ])
}

export function useCreateConnection() {
  const refresh = useRefreshConnections()
  return trpc.connections.create.useMutation({ onSuccess: refresh })
}

/** A new person and the connection with them, made together by the server. */
export function useCreateConnectionWithPerson() {
  const refresh = useRefreshConnections()
  return trpc.connections.createWithPerson.useMutation({ onSuccess: refresh })
}

export function useUpdateConnection() {
  const refresh = useRefreshConnections()
  return trpc.connections.update.useMutation({ onSuccess: refresh })
}

export function useDeleteConnection() {
  const refresh = useRefreshConnections()
  return trpc.connections.delete.useMutation({ onSuccess: refresh })
}

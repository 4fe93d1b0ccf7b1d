import { trpc } from '../lib/trpc.ts'

/** Every event with isJoined and the caller's connectionCount (events.list). */
export function useEvents() {
  return trpc.events.list.useQuery()
}

/** The events the signed-in user has joined (events.listJoined). */
export function useJoinedEvents() {
  return trpc.events.listJoined.useQuery()
}

/** Join and Leave both refresh the event lists (SPEC section 4). */
function useRefreshEvents() {
  const utils = trpc.useUtils()
  return () => Promise.all([utils.events.list.invalidate(), utils.events.listJoined.invalidate()])
}

export function useJoinEvent() {
  const refresh = useRefreshEvents()
  return trpc.events.join.useMutation({ onSuccess: refresh })
}

export function useLeaveEvent() {
  const refresh = useRefreshEvents()
  return trpc.events.leave.useMutation({ onSuccess: refresh })
}

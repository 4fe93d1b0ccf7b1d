import { useQueryClient } from '@tanstack/react-query'
import { contractQueryKey, useContractMutation, useContractQuery } from './contract.ts'

/** Every event with isJoined and the caller's connectionCount (events.list). */
export function useEvents() {
  return useContractQuery('events.list')
}

/** The events the signed-in user has joined (events.listJoined). */
export function useJoinedEvents() {
  return useContractQuery('events.listJoined')
}

/** Join and Leave both refresh the event lists (SPEC section 4). */
function useRefreshEvents() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contractQueryKey('events.list') }),
      queryClient.invalidateQueries({ queryKey: contractQueryKey('events.listJoined') }),
    ])
}

export function useJoinEvent() {
  const refresh = useRefreshEvents()
  return useContractMutation('events.join', { onSuccess: refresh })
}

export function useLeaveEvent() {
  const refresh = useRefreshEvents()
  return useContractMutation('events.leave', { onSuccess: refresh })
}

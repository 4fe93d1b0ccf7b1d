import { trpc } from '../../../lib/trpc.ts'

/** Event changes show in every event list and in the dashboard's counts. */
function useRefreshEvents() {
  const utils = trpc.useUtils()
  return () =>
    Promise.all([
      utils.events.list.invalidate(),
      utils.events.listJoined.invalidate(),
      utils.admin.stats.invalidate(),
    ])
}

function useRefreshUsers() {
  const utils = trpc.useUtils()
  return () => Promise.all([utils.admin.listUsers.invalidate(), utils.admin.stats.invalidate()])
}

export function useCreateEvent() {
  return trpc.events.create.useMutation({ onSuccess: useRefreshEvents() })
}

export function useUpdateEvent() {
  return trpc.events.update.useMutation({ onSuccess: useRefreshEvents() })
}

export function useDeleteEvent() {
  return trpc.events.delete.useMutation({ onSuccess: useRefreshEvents() })
}

export function useUpdateUser() {
  return trpc.admin.updateUser.useMutation({ onSuccess: useRefreshUsers() })
}

export function useSetUserPassword() {
  return trpc.admin.setUserPassword.useMutation()
}

export function useDeactivateUser() {
  return trpc.admin.deactivateUser.useMutation({ onSuccess: useRefreshUsers() })
}

export function useReactivateUser() {
  return trpc.admin.reactivateUser.useMutation({ onSuccess: useRefreshUsers() })
}

import { trpc } from '../lib/trpc.ts'

export function useUpdateProfile() {
  const utils = trpc.useUtils()
  return trpc.profile.update.useMutation({
    onSuccess: (user) => utils.auth.me.setData(undefined, user),
  })
}

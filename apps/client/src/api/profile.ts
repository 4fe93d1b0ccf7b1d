import { trpc } from '../lib/trpc.ts'
import { useContractMutation } from './contract.ts'

export function useUpdateProfile() {
  const utils = trpc.useUtils()
  return useContractMutation('profile.update', {
    onSuccess: (user) => utils.auth.me.setData(undefined, user),
  })
}

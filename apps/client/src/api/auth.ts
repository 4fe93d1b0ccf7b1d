import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { toast } from '../lib/toast.ts'
import { serverMessageOr } from '../lib/api-errors.ts'
import { trpc } from '../lib/trpc.ts'

/** SPEC section 4: signed in when the current-user call succeeds; failure or null means signed out. */
export function useCurrentUser() {
  const me = trpc.auth.me.useQuery()
  return { user: me.data ?? null, isLoading: me.isPending }
}

export function useLogin() {
  const utils = trpc.useUtils()
  return trpc.auth.login.useMutation({
    // A wrong password is a 401 too: it gets the Login failed toast, not the Unauthorized flow.
    meta: { handlesUnauthorized: true },
    onSuccess: async ({ user }) => {
      utils.auth.me.setData(undefined, user)
      await utils.auth.me.invalidate()
    },
  })
}

export function useRegister() {
  const utils = trpc.useUtils()
  return trpc.auth.register.useMutation({
    onSuccess: async (user) => {
      utils.auth.me.setData(undefined, user)
      await utils.auth.me.invalidate()
    },
  })
}

export function useForgotPassword() {
  return trpc.auth.forgotPassword.useMutation()
}

export function useResetPassword() {
  return trpc.auth.resetPassword.useMutation()
}

/** The server ends every other session and gives this device a new one, so nothing to update here. */
export function useChangePassword() {
  return trpc.auth.changePassword.useMutation()
}

/**
 * Logout: 'Goodbye!' (shown again after the reload), every cached answer dropped, then a full page
 * load of / (SPEC section 4).
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  const { hardRedirect } = useRouteContext({ from: '__root__' })
  return trpc.auth.logout.useMutation({
    onSuccess: async () => {
      toast.successAcrossReload('Goodbye!', "You've been logged out successfully.")
      queryClient.clear()
      // Nothing of theirs stays readable offline on this device.
      const { forgetSavedData } = await import('../offline/query-persistence.ts')
      await forgetSavedData().catch(() => {})
      hardRedirect('/')
    },
    onError: (error) => toast.error('Logout failed', serverMessageOr(error, 'Failed to logout')),
  })
}

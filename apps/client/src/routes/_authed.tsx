import { LoadingScreen } from '@fiveconnect/ui'
import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useCurrentUser } from '../api/auth.ts'
import { trpc } from '../lib/trpc.ts'
import { loginTargetFor } from '../lib/unauthorized.ts'

/** The signed-in screens. Signed-out visitors get the Unauthorized flow of SPEC section 4. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context }) => ({
    user: await context.trpcUtils.auth.me.ensureData().catch(() => null),
  }),
  component: SignedInOnly,
})

function SignedInOnly() {
  const { user } = useCurrentUser()
  const { startUnauthorizedFlow } = Route.useRouteContext()
  const pathname = useLocation({ select: (location) => location.pathname })
  const { mutate: setTimeZone } = trpc.reminders.setTimeZone.useMutation()
  const userId = user?.id

  // Reminder emails go out at the chosen hour in the time zone the user's browser is in now.
  useEffect(() => {
    if (userId) setTimeZone({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })
  }, [userId, setTimeZone])

  useEffect(() => {
    if (!user) startUnauthorizedFlow(loginTargetFor(pathname))
  }, [user, pathname, startUnauthorizedFlow])

  return user ? <Outlet /> : <LoadingScreen />
}

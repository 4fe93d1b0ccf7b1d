import { LoadingScreen } from '@fiveconnect/ui'
import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useCurrentUser } from '../api/auth.ts'
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

  useEffect(() => {
    if (!user) startUnauthorizedFlow(loginTargetFor(pathname))
  }, [user, pathname, startUnauthorizedFlow])

  return user ? <Outlet /> : <LoadingScreen />
}

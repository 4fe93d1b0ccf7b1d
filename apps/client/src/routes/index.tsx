import { LoadingScreen } from '@fiveconnect/ui'
import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router'
import { Suspense } from 'react'
import { useCurrentUser } from '../api/auth.ts'
import { homeSummaryInput } from '../api/home.ts'
import { isUnauthorizedError } from '../lib/unauthorized.ts'
import { HomeScreen } from './-home/home-screen.tsx'

// The server answers / with the app only when there is a session cookie (the prerendered landing
// page otherwise), so Home is in the first chunks, preloaded with them; the landing page here is for
// a stale cookie's visitor.
const LandingPage = lazyRouteComponent(() => import('./-landing/landing-page.tsx'), 'LandingPage')

// The app shell is served at / only to a visitor with a session cookie, so Home's data is asked for
// with the session check rather than after it; a stale cookie's 401 here is no Unauthorized flow.
const beforeSessionCheck = { meta: { handlesUnauthorized: true } }

export const Route = createFileRoute('/')({
  // Without blocking the route: the session check and Home's data go in one batched request, so
  // Home renders once, with its data (at once from the saved cache).
  loader: ({ context: { trpcUtils, startUnauthorizedFlow } }) => {
    const failure = Promise.all([
      trpcUtils.home.summary.ensureData(homeSummaryInput(), beforeSessionCheck),
      trpcUtils.events.listJoined.ensureData(undefined, beforeSessionCheck),
    ]).then(
      () => undefined,
      (error: unknown) => error,
    )
    void trpcUtils.auth.me.ensureData().then(
      async (user) => {
        // Signed in, then refused: the session ended in between. Any other failure shows as the
        // screen's own error state.
        if (user && isUnauthorizedError(await failure)) startUnauthorizedFlow('/login')
      },
      () => {},
    )
  },
  component: IndexPage,
})

function IndexPage() {
  const { user } = useCurrentUser()
  if (user) return <HomeScreen />
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LandingPage />
    </Suspense>
  )
}

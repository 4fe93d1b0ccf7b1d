import { createFileRoute } from '@tanstack/react-router'
import { useCurrentUser } from '../api/auth.ts'
import { firstPage } from '../api/pages.tsx'
import { homeSummaryInput } from '../api/home.ts'
import { isUnauthorizedError } from '../lib/api-errors.ts'
import { HomeScreen } from './-home/home-screen.tsx'
import { LandingPage } from './-landing/landing-page.tsx'

// The server answers / with the app only when there is a session cookie (with the landing page,
// prerendered from this route, otherwise). So Home is in the first chunks, preloaded with them, and
// its data is asked for with the session check rather than after it; a stale cookie's 401 there
// starts no Unauthorized flow.
const beforeSessionCheck = { meta: { handlesUnauthorized: true } }

export const Route = createFileRoute('/')({
  // Without blocking the route: the session check and Home's data go in one batched request, so
  // Home renders once, with its data (at once from the saved cache).
  loader: ({ context: { trpcUtils, startUnauthorizedFlow } }) => {
    // Known to be signed out (prerendering the landing page, or after signing out).
    if (trpcUtils.auth.me.getData() === null) return
    const failure = Promise.all([
      trpcUtils.home.summary.ensureData(homeSummaryInput(), beforeSessionCheck),
      trpcUtils.events.listJoined.fetchInfinite(firstPage, beforeSessionCheck),
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
  return user ? <HomeScreen /> : <LandingPage />
}

import { LoadingScreen } from '@fiveconnect/ui'
import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router'
import { Suspense } from 'react'
import { useCurrentUser } from '../api/auth.ts'
import { firstPage } from '../api/pages.tsx'
import { LandingPage } from './-landing/landing-page.tsx'

// Signed-out visitors get the landing page from the first chunk; home loads only for signed-in users.
const HomeScreen = lazyRouteComponent(() => import('./-home/home-screen.tsx'), 'HomeScreen')

export const Route = createFileRoute('/')({
  // Without blocking the landing page: once the session check says signed in, fetch home's data and
  // its chunk side by side instead of one after the other.
  loader: ({ context }) => {
    void context.trpcUtils.auth.me.ensureData().then(
      (user) => {
        if (!user) return
        void context.trpcUtils.connections.list.prefetchInfinite(firstPage)
        void context.trpcUtils.events.listJoined.prefetchInfinite(firstPage)
        void HomeScreen.preload?.()
      },
      () => {},
    )
  },
  component: IndexPage,
})

function IndexPage() {
  const { user } = useCurrentUser()
  if (!user) return <LandingPage />
  return (
    <Suspense fallback={<LoadingScreen />}>
      <HomeScreen />
    </Suspense>
  )
}

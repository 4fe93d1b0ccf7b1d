import { LoadingScreen } from '@fiveconnect/ui'
import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router'
import { Suspense } from 'react'
import { useCurrentUser } from '../api/auth.ts'
import { LandingPage } from './-landing/landing-page.tsx'

// Signed-out visitors get the landing page from the first chunk; home loads only for signed-in users.
const HomeScreen = lazyRouteComponent(() => import('./-home/home-screen.tsx'), 'HomeScreen')

export const Route = createFileRoute('/')({ component: IndexPage })

function IndexPage() {
  const { user } = useCurrentUser()
  if (!user) return <LandingPage />
  return (
    <Suspense fallback={<LoadingScreen />}>
      <HomeScreen />
    </Suspense>
  )
}

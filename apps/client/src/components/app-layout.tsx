import { Box, Container } from '@mantine/core'
import { LoadingScreen } from '@fiveconnect/ui'
import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense, useDeferredValue, useEffect } from 'react'
import { useCurrentUser } from '../api/auth.ts'
import { markScreenShown, whenIdle } from '../lib/when-idle.ts'
import { AppHeader, HEADER_HEIGHT } from './app-header.tsx'
import { BottomNav, BOTTOM_NAV_HEIGHT } from './bottom-nav.tsx'

// Signed-in only, so the offline code stays out of the landing page's first chunk; it loads once
// the first screen is up.
const SyncStatus = lazy(() =>
  whenIdle()
    .then(() => import('../offline/sync-status.tsx'))
    .then((module) => ({ default: module.SyncStatus })),
)

/** Marks the first screen as shown once it is committed (see whenIdle). */
function ScreenShown() {
  useEffect(markScreenShown, [])
  return null
}

/**
 * The shell around every screen: header always, bottom navigation only when signed in. A plain
 * layout rather than Mantine's AppShell, which would add about 20 KB gzip to the landing page.
 */
export function AppLayout() {
  const current = useCurrentUser()
  // The session check answers with the first screen's data (Home's, on /), and that first screen is
  // the largest render of the visit. Deferred, React renders it in slices that let the browser
  // breathe instead of one long task; 'Loading...' stays up meanwhile.
  const user = useDeferredValue(current.user)
  const isLoading = useDeferredValue(current.isLoading)
  return (
    <>
      <AppHeader user={user} />
      <Box component="main" pt={HEADER_HEIGHT} pb={user ? BOTTOM_NAV_HEIGHT + 16 : 16} mih="100dvh">
        <Container size="sm" px="md" pt="md">
          {user && (
            <Suspense fallback={null}>
              <SyncStatus />
            </Suspense>
          )}
          {isLoading ? (
            <LoadingScreen />
          ) : (
            <>
              <Outlet />
              <ScreenShown />
            </>
          )}
        </Container>
      </Box>
      {user && <BottomNav isAdmin={user.role === 'admin'} />}
    </>
  )
}

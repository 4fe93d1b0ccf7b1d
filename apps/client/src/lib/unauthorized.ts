import { toast } from './toast.ts'

export const UNAUTHORIZED_REDIRECT_MS = 500

/** SPEC section 4: the Events screen sends visitors to the server's login redirect, the rest to /login. */
export type LoginTarget = '/login' | '/api/login'

export function loginTargetFor(pathname: string): LoginTarget {
  return pathname === '/events' || pathname.startsWith('/events/') ? '/api/login' : '/login'
}

type Deps = {
  goToLogin: () => Promise<void>
  hardRedirect: (href: string) => void
  forgetUser: () => void
}

/**
 * Shows the Unauthorized toast once and leaves for the login page 500 ms later, however many
 * screens and calls notice the missing session at the same time.
 */
export function createUnauthorizedFlow({ goToLogin, hardRedirect, forgetUser }: Deps) {
  let isRunning = false
  return function startUnauthorizedFlow(target: LoginTarget) {
    if (isRunning) return
    isRunning = true
    toast.error('Unauthorized', 'You are logged out. Logging in again...')
    setTimeout(() => {
      if (target === '/api/login') {
        hardRedirect(target)
        return
      }
      // Forget the user only after leaving, so the screen being left does not start the flow again.
      void goToLogin().finally(() => {
        forgetUser()
        isRunning = false
      })
    }, UNAUTHORIZED_REDIRECT_MS)
  }
}

export type StartUnauthorizedFlow = ReturnType<typeof createUnauthorizedFlow>

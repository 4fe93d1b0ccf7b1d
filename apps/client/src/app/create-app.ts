import { LoadingScreen } from '@fiveconnect/ui'
import { createTRPCQueryUtils } from '@trpc/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { NotFoundPage } from '../components/not-found-page.tsx'
import { createQueryClient } from '../lib/query-client.ts'
import { createTrpcClient } from '../lib/trpc.ts'
import { createUnauthorizedFlow, loginTargetFor } from '../lib/unauthorized.ts'
import { routeTree } from '../routeTree.gen.ts'

export type AppOptions = {
  /** Memory history in tests; the browser's by default. */
  history?: RouterHistory
  /** Full-page navigation (logout, /api/login); tests pass a spy since jsdom cannot navigate. */
  hardRedirect?: (href: string) => void
  /** Where the API is: the page's own origin by default (prerendering has no page). */
  apiOrigin?: string
  /**
   * On in the browser. Prerendering turns it off: the router would inline its restoring script
   * into the page, which the Content-Security-Policy blocks and which has no router to serve.
   */
  scrollRestoration?: boolean
}

/** Everything the app needs, wired once: tRPC client, query cache, router and the Unauthorized flow. */
export function createApp({
  history,
  hardRedirect = defaultHardRedirect,
  apiOrigin = window.location.origin,
  scrollRestoration = true,
}: AppOptions = {}) {
  const trpcClient = createTrpcClient(apiOrigin)
  const queryClient = createQueryClient({
    onUnauthorized: () => startUnauthorizedFlow(loginTargetFor(router.state.location.pathname)),
  })
  const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient })
  const startUnauthorizedFlow = createUnauthorizedFlow({
    goToLogin: () => router.navigate({ to: '/login' }),
    hardRedirect,
    forgetUser: () => trpcUtils.auth.me.setData(undefined, null),
  })
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, trpcUtils, startUnauthorizedFlow, hardRedirect },
    defaultPendingComponent: LoadingScreen,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration,
  })
  return { router, queryClient, trpcClient, trpcUtils }
}

function defaultHardRedirect(href: string) {
  window.location.assign(href)
}

export type AppInstance = ReturnType<typeof createApp>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppInstance['router']
  }
  interface HistoryState {
    /** Set by registration: Home greets a first visit, not a return. */
    isNewAccount?: boolean
  }
}

import type { AppRouter } from '@fiveconnect/api'
import type { QueryClient } from '@tanstack/react-query'
import type { CreateQueryUtils } from '@trpc/react-query/shared'
import type { StartUnauthorizedFlow } from '../lib/unauthorized.ts'

export type RouterContext = {
  queryClient: QueryClient
  trpcUtils: CreateQueryUtils<AppRouter>
  startUnauthorizedFlow: StartUnauthorizedFlow
  hardRedirect: (href: string) => void
}

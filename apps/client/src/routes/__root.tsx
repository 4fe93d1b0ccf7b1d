import { createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../app/router-context.ts'
import { AppLayout } from '../components/app-layout.tsx'
import { NotFoundPage } from '../components/not-found-page.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
})

import { createFileRoute } from '@tanstack/react-router'
import { firstPage } from '../../api/pages.tsx'

export const Route = createFileRoute('/_authed/events')({
  loader: ({ context }) => {
    if (context.user) void context.trpcUtils.events.list.prefetchInfinite(firstPage)
  },
})

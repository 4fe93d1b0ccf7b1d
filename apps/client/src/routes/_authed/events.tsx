import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_authed/events')({
  loader: ({ context }) => {
    if (context.user) void context.trpcUtils.events.list.prefetch()
  },
})

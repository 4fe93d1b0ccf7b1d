import { createFileRoute } from '@tanstack/react-router'
import { contractQueryOptions } from '../../api/contract.ts'

export const Route = createFileRoute('/_authed/events')({
  loader: ({ context }) => {
    if (context.user) {
      void context.queryClient.prefetchQuery(
        contractQueryOptions(context.trpcClient, 'events.list'),
      )
    }
  },
})

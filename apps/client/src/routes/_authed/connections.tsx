import { createFileRoute } from '@tanstack/react-router'
import { validateConnectionsSearch } from '../../lib/search-params.ts'

// Owned by client part 2: only the route and its search params live here for now.
export const Route = createFileRoute('/_authed/connections')({
  validateSearch: validateConnectionsSearch,
})

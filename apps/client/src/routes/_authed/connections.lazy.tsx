import { createLazyFileRoute } from '@tanstack/react-router'
import { ConnectionsScreen } from './-connections/connections-screen.tsx'

export const Route = createLazyFileRoute('/_authed/connections')({ component: ConnectionsScreen })

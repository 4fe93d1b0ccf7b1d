import { createLazyFileRoute } from '@tanstack/react-router'
import { EventsScreen } from './-events/events-screen.tsx'

export const Route = createLazyFileRoute('/_authed/events')({ component: EventsScreen })

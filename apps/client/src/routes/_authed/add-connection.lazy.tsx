import { createLazyFileRoute } from '@tanstack/react-router'
import { AddConnectionScreen } from './-add-connection/add-connection-screen.tsx'

export const Route = createLazyFileRoute('/_authed/add-connection')({
  component: AddConnectionScreen,
})

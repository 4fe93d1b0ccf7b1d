import { createLazyFileRoute } from '@tanstack/react-router'
import { AdminScreen } from './-admin/admin-screen.tsx'

export const Route = createLazyFileRoute('/_authed/admin')({ component: AdminScreen })

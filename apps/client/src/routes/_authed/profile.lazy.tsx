import { createLazyFileRoute } from '@tanstack/react-router'
import { ProfileScreen } from './-profile/profile-screen.tsx'

export const Route = createLazyFileRoute('/_authed/profile')({ component: ProfileScreen })

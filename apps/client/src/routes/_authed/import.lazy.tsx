import { createLazyFileRoute } from '@tanstack/react-router'
import { ImportScreen } from './-import/import-screen.tsx'

export const Route = createLazyFileRoute('/_authed/import')({ component: ImportScreen })

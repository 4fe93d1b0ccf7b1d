import { createFileRoute } from '@tanstack/react-router'
import { validateResetTokenSearch } from '../lib/search-params.ts'

export const Route = createFileRoute('/reset-password')({
  validateSearch: validateResetTokenSearch,
})

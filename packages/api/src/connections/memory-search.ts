import type { ConnectionSearch } from '@fiveconnect/db'
import type { z } from 'zod'
import { CONNECTION_SEARCH_MIN_LENGTH, type searchConnectionsInput } from './connection.schema.ts'

/**
 * The database search a memory search asks for; null when its text is too short to search, which
 * answers an empty page.
 */
export function memorySearchOf(
  authorId: string,
  input: z.output<typeof searchConnectionsInput>,
): ConnectionSearch | null {
  const { q, limit, cursor, ...filters } = input
  const query = q.trim()
  if (query.length < CONNECTION_SEARCH_MIN_LENGTH) return null
  return { ...filters, authorId, query, limit, after: cursor }
}

import type { z } from 'zod'
import {
  PEOPLE_SEARCH_LIMIT,
  PEOPLE_SEARCH_MIN_LENGTH,
  type searchPeopleInput,
} from './person.schema.ts'

/**
 * The database search a people search asks for; null when its text is too short to search, which
 * answers an empty list.
 */
export function peopleSearchOf(userId: string, { q }: z.output<typeof searchPeopleInput>) {
  const query = q.trim()
  if (query.length < PEOPLE_SEARCH_MIN_LENGTH) return null
  return { userId, query, limit: PEOPLE_SEARCH_LIMIT }
}

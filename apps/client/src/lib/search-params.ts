// Route search validation runs in the first chunk (the route tree is loaded up front). These are
// plain functions rather than zod: zod's core would add about 13 KB gzip to the landing page,
// which the forms, in their own chunks, need and the landing page does not.

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

/** ?eventId=... on /connections and /add-connection; anything else reads as absent. */
export function validateEventIdSearch(search: Record<string, unknown>): { eventId?: string } {
  const eventId = nonEmptyString(search.eventId)
  return eventId ? { eventId } : {}
}

/**
 * /connections: ?eventId=..., the memory search text ?q=... and ?connection=..., the id of the
 * connection to open (the reminder email links to each one).
 */
export function validateConnectionsSearch(search: Record<string, unknown>): {
  eventId?: string
  q?: string
  connection?: string
} {
  const q = nonEmptyString(search.q)
  const connection = nonEmptyString(search.connection)
  return { ...validateEventIdSearch(search), ...(q && { q }), ...(connection && { connection }) }
}

/** ?token=... on /reset-password; a missing or empty token reads as absent. */
export function validateResetTokenSearch(search: Record<string, unknown>): { token?: string } {
  const token = nonEmptyString(search.token)
  return token ? { token } : {}
}

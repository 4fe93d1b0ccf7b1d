// Every object has a server-generated uuid. An upload lands under incoming/{id} (the only place a
// signed URL may write) and moves to stored/{id} once checked; clients see /objects/{id}.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const ID_IN_URL = new RegExp(
  `(?:^|/)(?:objects|voice-notes|incoming|stored|uploads)/(${UUID})(?:$|[/?#])`,
  'i',
)
const BARE_ID = new RegExp(`^${UUID}$`, 'i')

export const incomingKey = (id: string) => `incoming/${id}`
export const storedKey = (id: string) => `stored/${id}`
export const objectPath = (id: string) => `/objects/${id}`

/**
 * The object id inside any URL a client may hand back: an upload URL without its query, an
 * /objects/{id} path, a /api/voice-notes/{id} path, absolute or relative. undefined otherwise.
 */
export function objectIdFromUrl(url: string): string | undefined {
  let path = url
  try {
    path = new URL(url, 'http://relative.invalid').pathname
  } catch {
    return undefined
  }
  return ID_IN_URL.exec(path)?.[1]?.toLowerCase()
}

export function isObjectId(value: string): boolean {
  return BARE_ID.test(value)
}

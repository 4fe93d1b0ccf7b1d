import { canReadObject, isObjectId, objectIdFromUrl, storedKey } from '@fiveconnect/api/server'
import { findStoredObject } from '@fiveconnect/db'
import type { Context } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { parseByteRange } from '../http/byte-range.ts'
import type { RouteDeps, Serve } from '../routes/route.ts'

// Objects never change once stored (a new upload gets a new id), so the id is a strong validator.
const CACHE_CONTROL = 'private, max-age=86400'

/** Serves the stored file whose id `idOf` reads from the request. */
function storedFile(idOf: (c: Context<AppEnv>) => string | undefined): Serve {
  return (deps) => [(c) => serveObject(deps, c, idOf(c))]
}

/** GET /objects/{id}. */
export const storedObject = storedFile((c) => c.req.param('id'))

/** GET /api/voice-notes/*: the id is the path's, wherever it stands in it. */
export const storedVoiceNote = storedFile((c) => objectIdFromUrl(c.req.path))

/**
 * GET and HEAD of stored objects, for the people allowed to see them: /objects/{id} and, for the
 * voice-note player, /api/voice-notes/{id} (also the legacy /api/voice-notes/uploads/{id}). Anyone
 * else gets the same 404 as for a missing object. Range requests get 206 so audio can seek.
 */
async function serveObject(
  deps: Pick<RouteDeps, 'db' | 'storage'>,
  c: Context<AppEnv>,
  id: string | undefined,
) {
  const notFound = () => c.json({ message: 'Not found' }, 404)
  const object = id && isObjectId(id) ? await findStoredObject(deps.db, id) : undefined
  if (!id || !object || !canReadObject(c.get('user'), object)) return notFound()
  const key = storedKey(id)
  const stat = await deps.storage.stat(key)
  if (!stat) return notFound()

  const etag = `"${id}"`
  c.header('ETag', etag)
  c.header('Last-Modified', stat.lastModified.toUTCString())
  c.header('Cache-Control', CACHE_CONTROL)
  c.header('Accept-Ranges', 'bytes')
  c.header('X-Content-Type-Options', 'nosniff')
  if (
    c.req
      .header('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return c.body(null, 304)

  const ifRange = c.req.header('if-range')
  const range =
    ifRange && ifRange !== etag ? undefined : parseByteRange(c.req.header('range'), stat.size)
  if (range === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${stat.size}`)
    return c.json({ message: 'The requested range is outside the file.' }, 416)
  }

  c.header('Content-Type', object.contentType ?? 'application/octet-stream')
  if (range) {
    c.header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
    c.header('Content-Length', String(range.end - range.start + 1))
  } else {
    c.header('Content-Length', String(stat.size))
  }
  const status = range ? 206 : 200
  if (c.req.method === 'HEAD') return c.body(null, status)
  return c.body(await deps.storage.read(key, range), status)
}

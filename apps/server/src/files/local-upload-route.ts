import { IMAGE_TOO_LARGE_MESSAGE, isObjectId, MAX_IMAGE_BYTES } from '@fiveconnect/api/server'
import { findStoredObject, type Database } from '@fiveconnect/db'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../http/app-env.ts'
import { LOCAL_UPLOAD_PREFIX, type LocalObjectStorage } from './storage/local-storage.ts'

/**
 * The local driver's stand-in for S3's presigned PUT: the signed URL is the permission, so no
 * session is needed, and it writes only to a pending upload. The messages for a refused link are
 * those the client's uploader knows.
 */
export function localUploadRoutes(deps: { db: Database; storage: LocalObjectStorage }) {
  return new Hono<AppEnv>().put(
    `${LOCAL_UPLOAD_PREFIX}incoming/:id`,
    bodyLimit({
      maxSize: MAX_IMAGE_BYTES,
      onError: (c) => c.json({ message: IMAGE_TOO_LARGE_MESSAGE }, 413),
    }),
    async (c) => {
      const id = c.req.param('id')
      const key = `incoming/${id}`
      const check = deps.storage.checkUploadUrl(key, {
        expires: c.req.query('expires'),
        signature: c.req.query('signature'),
      })
      if (check === 'expired') return c.json({ message: 'Request has expired' }, 403)
      if (check === 'invalid' || !isObjectId(id)) {
        return c.json({ message: 'This upload link is not valid.' }, 403)
      }
      const object = await findStoredObject(deps.db, id)
      if (object?.kind !== 'upload') {
        return c.json({ message: 'This upload link has already been used.' }, 403)
      }
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      await deps.storage.write(
        key,
        bytes,
        c.req.header('content-type') ?? 'application/octet-stream',
      )
      return c.body(null, 200)
    },
  )
}

import { IMAGE_TOO_LARGE_MESSAGE, isObjectId, MAX_IMAGE_BYTES } from '@fiveconnect/api/server'
import { findStoredObject } from '@fiveconnect/db'
import { bodyLimit } from 'hono/body-limit'
import type { Serve } from '../routes/route.ts'

/**
 * The local driver's stand-in for S3's presigned PUT (at LOCAL_UPLOAD_PREFIX): the signed URL is the
 * permission, so no session is needed, and it writes only to a pending upload. The messages for a
 * refused link are those the client's uploader knows. Not served with S3 storage.
 */
export const localUpload: Serve = ({ db, storage }) => {
  if (storage.driver !== 'local') return undefined
  return [
    bodyLimit({
      maxSize: MAX_IMAGE_BYTES,
      onError: (c) => c.json({ message: IMAGE_TOO_LARGE_MESSAGE }, 413),
    }),
    async (c) => {
      const id = c.req.param('id') ?? ''
      const key = `incoming/${id}`
      const check = storage.checkUploadUrl(key, {
        expires: c.req.query('expires'),
        signature: c.req.query('signature'),
      })
      if (check === 'expired') return c.json({ message: 'Request has expired' }, 403)
      if (check === 'invalid' || !isObjectId(id)) {
        return c.json({ message: 'This upload link is not valid.' }, 403)
      }
      const object = await findStoredObject(db, id)
      if (object?.kind !== 'upload') {
        return c.json({ message: 'This upload link has already been used.' }, 403)
      }
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      await storage.write(key, bytes, c.req.header('content-type') ?? 'application/octet-stream')
      return c.body(null, 200)
    },
  ]
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  objectPathFrom,
  PNG_BYTES,
  putToUploadUrl,
  requestUploadUrl,
  uploadAndConfirm,
  withoutQuery,
} from '../test/files.ts'
import { startS3Server } from '../test/s3-server.ts'
import { createTestApp, registerUser, type TestApp } from '../test/test-app.ts'

let s3: Awaited<ReturnType<typeof startS3Server>>
let t: TestApp
beforeAll(async () => {
  s3 = await startS3Server()
  t = await createTestApp({ storage: () => s3.storage() })
})
afterAll(async () => {
  await t.close()
  await s3.stop()
})

describe('uploads with the S3 driver (loopback S3 server)', () => {
  it('uploads straight to S3 and serves the confirmed image to its owner with ranges', async () => {
    const { cookie } = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, cookie)
    expect(uploadURL.startsWith(`${s3.endpoint}/`)).toBe(true)
    expect(uploadURL).toMatch(/X-Amz-Signature=/)

    const objectPath = await objectPathFrom(await uploadAndConfirm(t, cookie))
    const whole = await t.request(objectPath, { cookie })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await whole.arrayBuffer()).equals(PNG_BYTES)).toBe(true)

    const part = await t.request(objectPath, { cookie, headers: { range: 'bytes=1-3' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('PNG')
  })

  it('refuses an object over 5,242,880 bytes at confirmation and deletes it from the bucket', async () => {
    const { cookie } = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, cookie)
    const tooBig = Buffer.concat([PNG_BYTES, Buffer.alloc(5_242_881 - PNG_BYTES.length)])
    expect((await putToUploadUrl(t, uploadURL, tooBig)).status).toBe(200)

    const response = await t.request('/api/connection-photos', {
      method: 'PUT',
      cookie,
      body: { photoURL: withoutQuery(uploadURL) },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'The image is larger than 5 MB. Please choose a smaller one.',
    })
    const key = new URL(uploadURL).pathname.split('/').slice(-2).join('/')
    expect(await t.storage.stat(key)).toBeUndefined()
  })
})

import { storedObjects } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  localPath,
  objectPathFrom,
  PNG_BYTES,
  putToUploadUrl,
  requestUploadUrl,
  uploadAndConfirm,
  withoutQuery,
} from '../test/files.ts'
import { createTestApp, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'
import { createLocalStorage } from './storage/local-storage.ts'

let t: TestApp
let clock = Date.now()
beforeAll(async () => {
  t = await createTestApp({
    storage: (dataDir) =>
      createLocalStorage({
        root: `${dataDir}/objects`,
        publicUrl: 'http://localhost:3000',
        secret: 'upload-test-secret-of-thirty-two-chars',
        ttlSeconds: 900,
        now: () => clock,
      }),
  })
})
afterAll(() => t.close())

const idOf = (url: string) => withoutQuery(url).split('/').pop() ?? ''

describe('POST /api/objects/upload', () => {
  it('needs a signed-in user', async () => {
    const response = await t.request('/api/objects/upload', { method: 'POST' })
    expect(response.status).toBe(401)
  })

  it('answers a signed URL for a new server-named object', async () => {
    const { cookie } = await registerUser(t)
    const first = new URL(await requestUploadUrl(t, cookie))
    const second = new URL(await requestUploadUrl(t, cookie))
    expect(first.pathname).toMatch(/^\/api\/objects\/local-upload\/incoming\/[0-9a-f-]{36}$/)
    expect(first.searchParams.get('signature')).toBeTruthy()
    expect(first.pathname).not.toBe(second.pathname)
  })
})

describe('uploading and confirming a photo', () => {
  it('stores the image and serves it to its owner at the returned objectPath', async () => {
    const { cookie } = await registerUser(t)
    const objectPath = await objectPathFrom(await uploadAndConfirm(t, cookie))
    expect(objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}$/)

    const response = await t.request(objectPath, { cookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('cache-control')).toMatch(/private/)
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG_BYTES)).toBe(true)
  })

  it('answers HEAD with the headers and no body', async () => {
    const { cookie } = await registerUser(t)
    const objectPath = await objectPathFrom(await uploadAndConfirm(t, cookie))
    const response = await t.request(objectPath, { method: 'HEAD', cookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String(PNG_BYTES.length))
    expect(response.headers.get('etag')).toBeTruthy()
    expect((await response.arrayBuffer()).byteLength).toBe(0)
  })

  it('refuses a text file renamed .png, and removes it', async () => {
    const { cookie } = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, cookie)
    await putToUploadUrl(t, uploadURL, Buffer.from('<html>not a picture</html>'), 'image/png')
    const response = await t.request('/api/connection-photos', {
      method: 'PUT',
      cookie,
      body: { photoURL: `${withoutQuery(uploadURL)}` },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'The file is not an image. Please choose a JPEG, PNG, WebP, GIF or HEIC.',
    })
    expect(await t.storage.stat(`incoming/${idOf(uploadURL)}`)).toBeUndefined()
    expect(
      await t.db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.id, idOf(uploadURL))),
    ).toEqual([])
  })

  it('refuses an upload larger than 5,242,880 bytes at the upload URL', async () => {
    const { cookie } = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, cookie)
    const tooBig = Buffer.alloc(5_242_881, 0xff)
    const response = await putToUploadUrl(t, uploadURL, tooBig)
    expect(response.status).toBe(413)
    expect(await t.storage.stat(`incoming/${idOf(uploadURL)}`)).toBeUndefined()
  })

  it('refuses an oversized object at confirmation and removes it', async () => {
    const { cookie } = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, cookie)
    // As if written past the upload URL's limit (S3 cannot limit a presigned PUT).
    const tooBig = Buffer.concat([PNG_BYTES, Buffer.alloc(5_242_881 - PNG_BYTES.length)])
    await t.storage.write(`incoming/${idOf(uploadURL)}`, tooBig, 'image/png')
    const response = await t.request('/api/connection-photos', {
      method: 'PUT',
      cookie,
      body: { photoURL: withoutQuery(uploadURL) },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'The image is larger than 5 MB. Please choose a smaller one.',
    })
    expect(await t.storage.stat(`incoming/${idOf(uploadURL)}`)).toBeUndefined()
  })

  it('accepts an image of exactly 5,242,880 bytes', async () => {
    const { cookie } = await registerUser(t)
    const exact = Buffer.concat([PNG_BYTES, Buffer.alloc(5_242_880 - PNG_BYTES.length)])
    const objectPath = await objectPathFrom(await uploadAndConfirm(t, cookie, { bytes: exact }))
    const head = await t.request(objectPath, { method: 'HEAD', cookie })
    expect(head.headers.get('content-length')).toBe('5242880')
  })

  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    ['GIF', [...Buffer.from('GIF89a')], 'image/gif'],
    ['WebP', [...Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ')], 'image/webp'],
    ['HEIC', [0, 0, 0, 0x18, ...Buffer.from('ftypheic'), 0, 0, 0, 0], 'image/heic'],
  ])('recognises a %s image by its first bytes', async (_name, signature, contentType) => {
    const { cookie } = await registerUser(t)
    const bytes = Buffer.concat([Buffer.from(signature), Buffer.alloc(64)])
    const objectPath = await objectPathFrom(await uploadAndConfirm(t, cookie, { bytes }))
    const response = await t.request(objectPath, { method: 'HEAD', cookie })
    expect(response.headers.get('content-type')).toBe(contentType)
  })

  it('will not confirm an upload that never arrived, or another user’s upload', async () => {
    const owner = await registerUser(t)
    const other = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, owner.cookie)
    const body = { photoURL: withoutQuery(uploadURL) }
    const missing = await t.request('/api/connection-photos', {
      method: 'PUT',
      cookie: owner.cookie,
      body,
    })
    expect(missing.status).toBe(400)

    await putToUploadUrl(t, uploadURL, PNG_BYTES)
    const stolen = await t.request('/api/connection-photos', {
      method: 'PUT',
      cookie: other.cookie,
      body,
    })
    expect(stolen.status).toBe(400)
    expect(await stolen.json()).toEqual({
      message: 'This upload was not found. Please upload the file again.',
    })
  })

  it('answers a retried confirmation with the same objectPath', async () => {
    const { cookie } = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, cookie)
    await putToUploadUrl(t, uploadURL, PNG_BYTES)
    const body = { photoURL: withoutQuery(uploadURL) }
    const first = await objectPathFrom(
      await t.request('/api/connection-photos', { method: 'PUT', cookie, body }),
    )
    const again = await objectPathFrom(
      await t.request('/api/connection-photos', { method: 'PUT', cookie, body }),
    )
    expect(again).toBe(first)
  })
})

describe('the local upload URL', () => {
  it('refuses a tampered signature or a signature moved to another object', async () => {
    const { cookie } = await registerUser(t)
    const url = new URL(await requestUploadUrl(t, cookie))
    const other = new URL(await requestUploadUrl(t, cookie))

    const tampered = new URL(url)
    const signature = url.searchParams.get('signature') ?? ''
    tampered.searchParams.set(
      'signature',
      `${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`,
    )
    const moved = new URL(other)
    moved.search = url.search
    for (const bad of [tampered, moved]) {
      const response = await putToUploadUrl(t, bad.toString(), PNG_BYTES)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ message: 'This upload link is not valid.' })
    }
    expect(await t.storage.stat(`incoming/${idOf(other.toString())}`)).toBeUndefined()
  })

  it('refuses an expired link with the message the uploader knows', async () => {
    const { cookie } = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, cookie)
    clock += 901_000
    const response = await putToUploadUrl(t, uploadURL, PNG_BYTES)
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ message: 'Request has expired' })
  })

  it('cannot overwrite an object once it is confirmed', async () => {
    const { cookie } = await registerUser(t)
    const uploadURL = await requestUploadUrl(t, cookie)
    await putToUploadUrl(t, uploadURL, PNG_BYTES)
    const objectPath = await objectPathFrom(
      await t.request('/api/connection-photos', {
        method: 'PUT',
        cookie,
        body: { photoURL: withoutQuery(uploadURL) },
      }),
    )
    const again = await t.app.request(localPath(uploadURL), { method: 'PUT', body: 'replaced' })
    expect(again.status).toBe(403)
    const served = await t.request(objectPath, { cookie })
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_BYTES)).toBe(true)
  })
})

describe('who may see an object', () => {
  it('answers 404 to another user and to a signed-out visitor', async () => {
    const owner = await registerUser(t)
    const other = await registerUser(t)
    const objectPath = await objectPathFrom(await uploadAndConfirm(t, owner.cookie))
    expect((await t.request(objectPath, { cookie: other.cookie })).status).toBe(404)
    expect((await t.request(objectPath)).status).toBe(404)
    const voicePath = objectPath.replace('/objects/', '/api/voice-notes/')
    expect((await t.request(voicePath, { cookie: other.cookie })).status).toBe(404)
    expect((await t.request(voicePath, { cookie: owner.cookie })).status).toBe(200)
  })

  it('answers 404 for an id that does not exist or is not an id', async () => {
    const { cookie } = await registerUser(t)
    expect((await t.request(`/objects/${crypto.randomUUID()}`, { cookie })).status).toBe(404)
    expect((await t.request('/objects/..%2F..%2Fetc%2Fpasswd', { cookie })).status).toBe(404)
  })

  it('shows event logos, which only admins may upload, to every signed-in user', async () => {
    const attendee = await registerUser(t)
    const refused = await uploadAndConfirm(t, attendee.cookie, {
      confirmPath: '/api/event-logos',
      field: 'logoURL',
    })
    expect(refused.status).toBe(403)

    const { cookie: admin } = await signInAdmin(t)
    const logoPath = await objectPathFrom(
      await uploadAndConfirm(t, admin, { confirmPath: '/api/event-logos', field: 'logoURL' }),
    )
    expect((await t.request(logoPath, { cookie: attendee.cookie })).status).toBe(200)
    expect((await t.request(logoPath)).status).toBe(404)
  })

  it('sets the profile photo, shows it to admins, and removes the photo it replaces', async () => {
    const user = await registerUser(t)
    const confirm = () =>
      uploadAndConfirm(t, user.cookie, {
        confirmPath: '/api/profile/photo',
        field: 'profileImageUrl',
      })
    const firstPath = await objectPathFrom(await confirm())
    const me = (await (await t.request('/api/auth/user', { cookie: user.cookie })).json()) as {
      profileImageUrl: string
    }
    expect(me.profileImageUrl).toBe(firstPath)
    const { cookie: admin } = await signInAdmin(t)
    expect((await t.request(firstPath, { cookie: admin })).status).toBe(200)

    const secondPath = await objectPathFrom(await confirm())
    expect((await t.request(secondPath, { cookie: user.cookie })).status).toBe(200)
    expect((await t.request(firstPath, { cookie: user.cookie })).status).toBe(404)
  })
})

describe('Range requests', () => {
  let cookie: string
  let objectPath: string
  beforeAll(async () => {
    cookie = (await registerUser(t)).cookie
    objectPath = await objectPathFrom(await uploadAndConfirm(t, cookie))
  })
  const size = PNG_BYTES.length

  it.each([
    ['bytes=2-5', 2, 5],
    ['bytes=10-', 10, size - 1],
    ['bytes=-4', size - 4, size - 1],
    [`bytes=0-${size + 100}`, 0, size - 1],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await t.request(objectPath, { cookie, headers: { range } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`)
    expect(response.headers.get('content-length')).toBe(String(end - start + 1))
    const body = Buffer.from(await response.arrayBuffer())
    expect(body.equals(PNG_BYTES.subarray(start, end + 1))).toBe(true)
  })

  it('answers a range past the end with 416 and the size', async () => {
    const response = await t.request(objectPath, { cookie, headers: { range: `bytes=${size}-` } })
    expect(response.status).toBe(416)
    expect(response.headers.get('content-range')).toBe(`bytes */${size}`)
  })

  it('sends the whole object for a Range it does not handle', async () => {
    const response = await t.request(objectPath, { cookie, headers: { range: 'bytes=0-1,4-5' } })
    expect(response.status).toBe(200)
    expect((await response.arrayBuffer()).byteLength).toBe(size)
  })

  it('answers a matching If-None-Match with 304', async () => {
    const etag = (await t.request(objectPath, { method: 'HEAD', cookie })).headers.get('etag') ?? ''
    const response = await t.request(objectPath, { cookie, headers: { 'if-none-match': etag } })
    expect(response.status).toBe(304)
  })
})

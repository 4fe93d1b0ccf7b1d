import { incomingKey, storedKey } from '@fiveconnect/api/server'
import { storedObjects } from '@fiveconnect/db'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepAbandonedObjects } from '../housekeeping.ts'
import {
  objectPathFrom,
  PNG_BYTES,
  putToUploadUrl,
  requestUploadUrl,
  uploadAndConfirm,
  withoutQuery,
} from '../test/files.ts'
import { startS3Server } from '../test/s3-server.ts'
import {
  createTestApp,
  json,
  registerUser,
  signInAdmin,
  type TestApp,
  type TestAppOptions,
} from '../test/test-app.ts'

const UPLOAD_URL_TTL_MS = 15 * 60 * 1000
const idOf = (url: string) => withoutQuery(url).split('/').pop() ?? ''

let s3: Awaited<ReturnType<typeof startS3Server>>
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(() => s3.stop())

const drivers: { driver: string; storage: () => TestAppOptions['storage'] }[] = [
  { driver: 'local files', storage: () => undefined },
  { driver: 'S3 (loopback S3 server)', storage: () => () => s3.storage() },
]

describe.each(drivers)('sweeping abandoned uploads on $driver', ({ storage }) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ storage: storage() })
  })
  afterAll(() => t.close())

  async function uploadWithoutConfirming(cookie: string) {
    const uploadURL = await requestUploadUrl(t, cookie)
    expect((await putToUploadUrl(t, uploadURL, PNG_BYTES)).status).toBe(200)
    return idOf(uploadURL)
  }

  /** Makes objects look as if they had been uploaded and confirmed 25 hours ago. */
  async function age(paths: string[]) {
    const ids = paths.map((path) => idOf(path))
    await t.db
      .update(storedObjects)
      .set({
        createdAt: sql`now() - interval '25 hours'`,
        storedAt: sql`case when ${storedObjects.storedAt} is null then null else now() - interval '25 hours' end`,
      })
      .where(inArray(storedObjects.id, ids))
  }

  it('deletes day-old unconfirmed and unreferenced files and keeps every file in use', async () => {
    const user = await registerUser(t)
    const admin = await signInAdmin(t)

    const unconfirmed = await uploadWithoutConfirming(user.cookie)
    const unattached = await objectPathFrom(await uploadAndConfirm(t, user.cookie))
    const photo = await objectPathFrom(await uploadAndConfirm(t, user.cookie))
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        body: { firstName: 'Kept', lastName: 'Photo' },
        cookie: user.cookie,
      }),
    )
    const connection = await t.request('/api/connections', {
      body: { personId: person.id, photos: [photo] },
      cookie: user.cookie,
    })
    expect(connection.status).toBe(201)
    const profilePicture = await objectPathFrom(
      await uploadAndConfirm(t, user.cookie, {
        confirmPath: '/api/profile/photo',
        field: 'profileImageUrl',
      }),
    )
    const logo = await objectPathFrom(
      await uploadAndConfirm(t, admin.cookie, {
        confirmPath: '/api/event-logos',
        field: 'logoURL',
      }),
    )
    const event = await t.request('/api/events', {
      body: { title: 'Kept logo', startDateTime: '2030-05-01T09:00:00.000Z', logoUrl: logo },
      cookie: admin.cookie,
    })
    expect(event.status).toBe(201)
    const recentUnconfirmed = await uploadWithoutConfirming(user.cookie)
    const recentUnattached = await objectPathFrom(await uploadAndConfirm(t, user.cookie))

    await age([unconfirmed, unattached, photo, profilePicture, logo])

    // While an upload URL may still be used (here for two days), nothing is abandoned yet.
    const deps = { db: t.db, storage: t.storage }
    expect(await sweepAbandonedObjects({ ...deps, uploadUrlTtlMs: 2 * 86_400_000 })).toBe(0)

    expect(await sweepAbandonedObjects({ ...deps, uploadUrlTtlMs: UPLOAD_URL_TTL_MS })).toBe(2)

    const left = await t.db.select({ id: storedObjects.id }).from(storedObjects)
    const leftIds = left.map((row) => row.id)
    expect(leftIds).not.toContain(unconfirmed)
    expect(leftIds).not.toContain(idOf(unattached))
    expect(await t.storage.stat(incomingKey(unconfirmed))).toBeUndefined()
    expect(await t.storage.stat(storedKey(idOf(unattached)))).toBeUndefined()
    expect((await t.request(unattached, { cookie: user.cookie })).status).toBe(404)

    for (const kept of [photo, profilePicture, recentUnattached]) {
      expect((await t.request(kept, { cookie: user.cookie })).status).toBe(200)
    }
    expect((await t.request(logo, { cookie: admin.cookie })).status).toBe(200)
    expect(leftIds).toContain(recentUnconfirmed)
    expect(await t.storage.stat(incomingKey(recentUnconfirmed))).toBeDefined()
  })
})

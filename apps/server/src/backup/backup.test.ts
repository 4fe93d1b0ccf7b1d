import { createHash, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { tableDigests, tableRowCounts } from '@fiveconnect/db'
import { createScratchDatabase } from '@fiveconnect/db/testing'
import superjson from 'superjson'
import { create, extract } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../database.ts'
import { parseEnv, type Env } from '../env.ts'
import { findProbeTools } from '../files/audio-tools.ts'
import { createStorage } from '../files/storage/index.ts'
import { objectPathFrom, silence, uploadAndConfirm } from '../test/files.ts'
import { startS3Server, TEST_BUCKET } from '../test/s3-server.ts'
import {
  createTestApp,
  json,
  registerUser,
  sessionCookieFrom,
  signInAdmin,
  TEST_APP_URL,
  type TestApp,
} from '../test/test-app.ts'
import { createBackup, restoreBackup, type Manifest } from './archive.ts'
import { objectInventory } from './stored-objects.ts'

// Backups of whole instances: the database this run uses (PGlite, or the Postgres server of
// TEST_DATABASE_URL, in scratch databases) and each object storage driver.

const serverUrl = process.env.TEST_DATABASE_URL
const TIMEOUT = 300_000

type Instance = { env: Env; close: () => Promise<void> }

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise((done) => server.close(done))
  if (!address || typeof address === 'string') throw new Error('No port')
  return address.port
}

/** A new, empty instance: its own data folder, database and (for S3) S3 server. */
async function newInstance(storage: 'local' | 's3'): Promise<Instance> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fiveconnect-backup-test-'))
  const s3 = storage === 's3' ? await startS3Server() : undefined
  const scratch = serverUrl
    ? await createScratchDatabase(serverUrl, 'fiveconnect_backup')
    : undefined
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: String(await freePort()),
    APP_URL: TEST_APP_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    ...(s3 && {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
  })
  return {
    env,
    close: async () => {
      await scratch?.drop()
      await s3?.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The whole app on the instance's database and storage, migrated as the server does on start. */
async function appOn(instance: Instance): Promise<TestApp> {
  const database = openDatabase(instance.env)
  await database.migrate()
  const storage = await createStorage(instance.env)
  return createTestApp({
    database,
    storage: () => storage,
    transcription: {
      transcriber: { engine: 'offline', transcribe: () => Promise.resolve('') },
      timeoutMs: 10_000,
      probeTools: await findProbeTools(),
    },
  })
}

async function trpc(t: TestApp, cookie: string, path: string, input: unknown) {
  const response = await t.request(`/api/trpc/${path}`, {
    method: 'POST',
    body: JSON.stringify(superjson.serialize(input)),
    cookie,
  })
  if (response.status !== 200) throw new Error(`${path} refused: ${await response.text()}`)
  return response
}

const PASSWORD = 'correct horse'

/**
 * Fills an instance the way people use it: an admin and an attendee with sessions, an event they
 * attend, people, a connection with two photos and a voice note, and an imported contact file.
 */
async function seed(instance: Instance) {
  const t = await appOn(instance)
  try {
    const admin = await signInAdmin(t)
    const user = await registerUser(t, { password: PASSWORD, confirmPassword: PASSWORD })
    const event = await json<{ id: string }>(
      await t.request('/api/events', {
        cookie: admin.cookie,
        body: {
          title: 'Backup Summit',
          description: 'Where the backups are tested',
          location: 'Lisbon',
          logoUrl: null,
          startDateTime: '2030-05-01T08:00:00.000Z',
          endDateTime: '2030-05-01T10:00:00.000Z',
        },
      }),
    )
    await t.request(`/api/events/${event.id}/attend`, { body: {}, cookie: user.cookie })
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        cookie: user.cookie,
        body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' },
      }),
    )
    const photos = [
      await objectPathFrom(await uploadAndConfirm(t, user.cookie)),
      await objectPathFrom(await uploadAndConfirm(t, user.cookie)),
    ]
    const form = new FormData()
    const audio = await silence(t.dataDir, 1)
    form.append('audio', new Blob([audio], { type: 'audio/wav' }), 'voice-note.wav')
    const voice = await t.app.request(`${TEST_APP_URL}/api/transcribe-voice`, {
      method: 'POST',
      body: form,
      headers: { cookie: user.cookie },
    })
    const { voiceNoteUrl } = await json<{ voiceNoteUrl: string }>(voice)
    expect(voiceNoteUrl).toMatch(/^\/objects\//)
    const connection = await t.request('/api/connections', {
      cookie: user.cookie,
      body: {
        eventId: event.id,
        personId: person.id,
        connectionTypes: ['SA', 'JV'],
        notes: 'Talked about compilers',
        photos,
        voiceNoteUrl,
        followUpOn: '2030-05-08',
      },
    })
    if (connection.status !== 201) throw new Error(`Connection refused: ${await connection.text()}`)

    const uploadId = randomUUID()
    await trpc(t, user.cookie, 'imports.stage', {
      uploadId,
      contacts: [
        { position: 1, firstName: 'Alan', lastName: 'Turing', title: 'Codebreaker' },
        { position: 2, firstName: 'Joan', lastName: 'Clarke', mobile: '+44 7700 900777' },
      ],
    })
    await trpc(t, user.cookie, 'imports.create', {
      uploadId,
      source: 'vcard',
      fileName: 'friends.vcf',
    })
    return { user, photo: photos[0] ?? '' }
  } finally {
    await t.close()
  }
}

/** Everything an instance holds: each table's row count and digest, each object's sha256. */
async function contentsOf(instance: Instance) {
  const database = openDatabase(instance.env)
  try {
    const inventory = objectInventory(instance.env, await createStorage(instance.env))
    const objects: Record<string, string> = {}
    for (const key of await inventory.keys()) {
      objects[key] = createHash('sha256')
        .update((await inventory.read(key)).bytes)
        .digest('hex')
    }
    return {
      counts: await tableRowCounts(database.db),
      digests: await tableDigests(database.db),
      objects,
    }
  } finally {
    await database.close()
  }
}

async function manifestOf(file: string): Promise<Manifest> {
  const folder = await mkdtemp(join(tmpdir(), 'fiveconnect-manifest-'))
  try {
    await extract({ file, cwd: folder }, ['manifest.json'])
    return JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as Manifest
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** The archive rewritten by `change`, which may alter its unpacked files. */
async function alteredArchive(file: string, change: (folder: string) => Promise<void>) {
  const folder = await mkdtemp(join(tmpdir(), 'fiveconnect-altered-'))
  await extract({ file, cwd: folder })
  await change(folder)
  const altered = join(folder, '..', `${randomUUID()}.tar.gz`)
  await create({ gzip: true, file: altered, cwd: folder }, ['manifest.json', 'database', 'objects'])
  await rm(folder, { recursive: true, force: true })
  return altered
}

describe.each(['local', 's3'] as const)('backup and restore with %s storage', (storage) => {
  let source: Instance
  let seeded: Awaited<ReturnType<typeof seed>>
  let before: Awaited<ReturnType<typeof contentsOf>>
  let archive: string
  const opened: Instance[] = []
  const instance = async () => {
    const created = await newInstance(storage)
    opened.push(created)
    return created
  }

  beforeAll(async () => {
    source = await instance()
    seeded = await seed(source)
    before = await contentsOf(source)
    archive = join(source.env.DATA_DIR, '..', `${randomUUID()}.tar.gz`)
    await createBackup(source.env, archive)
  }, TIMEOUT)
  afterAll(async () => {
    for (const each of opened) await each.close()
    if (archive) await rm(archive, { force: true })
  })

  it(
    'restores a seeded instance into an empty one with every row and object identical',
    async () => {
      expect(before.counts['public.users']).toBe(3)
      expect(before.counts['public.connections']).toBe(1)
      expect(before.counts['public.contact_imports']).toBe(1)
      expect(before.counts['public.sessions']).toBeGreaterThanOrEqual(2)
      expect(Object.keys(before.objects)).toHaveLength(3)

      // An instance the server has started on once: migrated, with nothing anyone added.
      const target = await instance()
      await (await appOn(target)).close()
      await restoreBackup(target.env, archive)
      expect(await contentsOf(target)).toEqual(before)

      // The server starts on the restored instance: the user signs in and sees the photo.
      const t = await appOn(target)
      try {
        const login = await t.request('/api/login', {
          body: { email: seeded.user.email, password: PASSWORD },
        })
        expect(login.status).toBe(200)
        const photo = await t.request(seeded.photo, { cookie: sessionCookieFrom(login) })
        expect(photo.status).toBe(200)
        expect(photo.headers.get('content-type')).toBe('image/png')
      } finally {
        await t.close()
      }
    },
    TIMEOUT,
  )

  it(
    'refuses to restore over an instance in use without --force, and replaces it with --force',
    async () => {
      const target = await instance()
      const t = await appOn(target)
      try {
        const user = await registerUser(t)
        await objectPathFrom(await uploadAndConfirm(t, user.cookie))
      } finally {
        await t.close()
      }
      const inUse = await contentsOf(target)

      await expect(restoreBackup(target.env, archive)).rejects.toThrow(
        /^Refusing to restore: the database holds data \(.*users: 1.*\) and the storage holds 1 object\. Restoring replaces all of it; run again with --force to do so\.$/,
      )
      expect(await contentsOf(target)).toEqual(inUse)

      await restoreBackup(target.env, archive, { force: true })
      expect(await contentsOf(target)).toEqual(before)
    },
    TIMEOUT,
  )

  if (storage === 'local') {
    it(
      'refuses a corrupted, truncated or too new archive, and restores nothing',
      async () => {
        const target = await instance()
        const empty = await contentsOf(target)
        const manifest = await manifestOf(archive)
        const [object] = manifest.objects
        if (!object) throw new Error('The archive holds no object')

        const flipped = await alteredArchive(archive, async (folder) => {
          const path = join(folder, 'objects', object.key)
          const bytes = await readFile(path)
          bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff
          await writeFile(path, bytes)
        })
        await expect(restoreBackup(target.env, flipped)).rejects.toThrow(
          `The archive is corrupted: the object ${object.key} does not match its checksum. Nothing was restored.`,
        )

        const whole = await readFile(archive)
        const truncated = `${archive}.truncated`
        await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)))
        await expect(restoreBackup(target.env, truncated)).rejects.toThrow(
          /could not be read as a backup archive \(truncated or corrupted\?\)/,
        )

        const newer = await alteredArchive(archive, async (folder) => {
          const path = join(folder, 'manifest.json')
          const changed = {
            ...manifest,
            schema: { ...manifest.schema, migrations: manifest.schema.migrations + 1 },
          }
          await writeFile(path, JSON.stringify(changed))
        })
        await expect(restoreBackup(target.env, newer)).rejects.toThrow(
          /^The archive's database schema is newer than this version of FiveConnect/,
        )

        expect(await contentsOf(target)).toEqual(empty)
        for (const file of [flipped, truncated, newer]) await rm(file, { force: true })
      },
      TIMEOUT,
    )

    it('refuses to back up or restore while the server answers on its port', async () => {
      const target = await instance()
      const server: Server = createServer((_, response) => response.end('{"status":"ok"}'))
      await new Promise<void>((done) => server.listen(target.env.PORT, '127.0.0.1', done))
      try {
        const running =
          /^The server is running \(it answers at http:\/\/127\.0\.0\.1:\d+\/api\/health\)\. Stop it first/
        await expect(restoreBackup(target.env, archive)).rejects.toThrow(running)
        if (!serverUrl) {
          await expect(createBackup(target.env, `${archive}.other`)).rejects.toThrow(running)
        }
      } finally {
        await new Promise((done) => server.close(done))
      }
    })
  }
})

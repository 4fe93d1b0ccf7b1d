import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import {
  appliedSchemaLevel,
  codeSchemaLevel,
  tableRowCounts,
  tablesHoldingData,
} from '@fiveconnect/db'
import { create, extract, list } from 'tar'
import { z } from 'zod'
import type { Env } from '../env.ts'
import { createStorage } from '../files/storage/index.ts'
import { BackupError } from './backup-error.ts'
import {
  databaseTarget,
  dumpDatabase,
  dumpFileName,
  formatOf,
  restoreDatabase,
  withDatabase,
  type DatabaseTarget,
} from './database-dump.ts'
import { objectInventory } from './stored-objects.ts'

export const ARCHIVE_FORMAT = 'fiveconnect-backup'
export const ARCHIVE_VERSION = 1

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.iso.datetime(),
  schema: z.object({
    migrations: z.number().int().min(0),
    latestMigrationAt: z.number().nullable(),
  }),
  database: z.object({
    driver: z.enum(['postgres', 'pglite']),
    format: z.enum(['pg_dump-custom', 'pglite-datadir']),
    file: z.string(),
    sha256: z.string(),
    size: z.number().int(),
    tables: z.record(z.string(), z.number().int()),
  }),
  storage: z.object({ driver: z.enum(['local', 's3']) }),
  objects: z.array(
    z.object({
      key: z.string().min(1),
      sha256: z.string(),
      size: z.number().int(),
      contentType: z.string().optional(),
    }),
  ),
})

export type Manifest = z.infer<typeof manifestSchema>

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Where an object's bytes sit inside the archive. */
const objectEntry = (key: string) => `objects/${key}`

/**
 * PGlite is one process's database: a server running on the same folder would corrupt it, so a
 * backup or restore that finds the server answering on its port stops.
 */
export async function assertServerStopped(env: Pick<Env, 'HOST' | 'PORT'>): Promise<void> {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}/api/health`
  const answered = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  )
  if (answered) {
    throw new BackupError(
      `The server is running (it answers at ${url}). Stop it first: it must not use the database during a backup or restore.`,
    )
  }
}

export type BackupSummary = { file: string; manifest: Manifest }

/** Writes one archive holding the database's dump, every stored object and their manifest. */
export async function createBackup(env: Env, file: string): Promise<BackupSummary> {
  const target = databaseTarget(env)
  // Postgres dumps one snapshot whatever the server does meanwhile; PGlite must be left alone.
  if (target.driver === 'pglite') await assertServerStopped(env)
  const staging = await mkdtemp(join(tmpdir(), 'fiveconnect-backup-'))
  try {
    const format = formatOf(target)
    const dumpFile = join(staging, dumpFileName[format])
    await mkdir(dirname(dumpFile), { recursive: true })
    const [schema, tables] = await dumpDatabase(
      target,
      dumpFile,
      async (db) => [await appliedSchemaLevel(db), await tableRowCounts(db)] as const,
    )
    const dump = await readFile(dumpFile)

    const storage = await createStorage(env)
    const inventory = objectInventory(env, storage)
    const objects: Manifest['objects'] = []
    for (const key of await inventory.keys()) {
      const { bytes, contentType } = await inventory.read(key)
      const path = join(staging, objectEntry(key))
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, bytes)
      objects.push({ key, sha256: sha256(bytes), size: bytes.byteLength, contentType })
    }

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      schema,
      database: {
        driver: target.driver,
        format,
        file: dumpFileName[format],
        sha256: sha256(dump),
        size: dump.byteLength,
        tables,
      },
      storage: { driver: storage.driver },
      objects,
    }
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)

    const out = resolve(file)
    await mkdir(dirname(out), { recursive: true })
    const entries = ['manifest.json', 'database', ...(objects.length > 0 ? ['objects'] : [])]
    await create({ gzip: true, file: out, cwd: staging, portable: true }, entries)
    return { file: out, manifest }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** Unpacks an archive into `folder` and checks it whole: manifest, dump and every object. */
async function unpackVerified(file: string, folder: string): Promise<Manifest> {
  try {
    await stat(file)
  } catch {
    throw new BackupError(`No archive at ${file}.`)
  }
  try {
    // Read through once before writing anything, so a broken archive leaves no half-written files.
    await list({ file, strict: true })
    await extract({ file, cwd: folder, strict: true })
  } catch (error) {
    throw new BackupError(
      `${file} could not be read as a backup archive (truncated or corrupted?): ${(error as Error).message}`,
    )
  }

  let manifest: Manifest
  try {
    manifest = manifestSchema.parse(
      JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')),
    )
  } catch {
    throw new BackupError(
      `${file} is not a FiveConnect backup archive: its manifest is missing or unreadable.`,
    )
  }

  const corrupted = (what: string) =>
    new BackupError(
      `The archive is corrupted: ${what} does not match its checksum. Nothing was restored.`,
    )
  const dump = await readFile(join(folder, manifest.database.file)).catch(() => undefined)
  if (!dump || sha256(dump) !== manifest.database.sha256) throw corrupted('the database dump')
  for (const object of manifest.objects) {
    const bytes = await readFile(join(folder, objectEntry(object.key))).catch(() => undefined)
    if (!bytes || bytes.byteLength !== object.size || sha256(bytes) !== object.sha256) {
      throw corrupted(`the object ${object.key}`)
    }
  }
  return manifest
}

function assertRestorable(manifest: Manifest, target: DatabaseTarget) {
  const code = codeSchemaLevel()
  const newer =
    manifest.schema.migrations > code.migrations ||
    (manifest.schema.latestMigrationAt ?? 0) > (code.latestMigrationAt ?? 0)
  if (newer) {
    throw new BackupError(
      `The archive's database schema is newer than this version of FiveConnect (${manifest.schema.migrations} migrations, this code has ${code.migrations}). Upgrade FiveConnect, then restore.`,
    )
  }
  if (manifest.database.driver !== target.driver) {
    throw new BackupError(
      `The archive holds a ${manifest.database.driver} database, but this server is configured for ${target.driver} (${target.driver === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}). Restore it with the same database it was taken from.`,
    )
  }
}

export type RestoreSummary = { manifest: Manifest; replaced: boolean }

/**
 * Restores an archive into the configured database and object storage. Over a database that holds
 * data, or a storage that holds objects, it refuses unless `force`, and then replaces both.
 */
export async function restoreBackup(
  env: Env,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreSummary> {
  await assertServerStopped(env)
  const target = databaseTarget(env)
  const folder = await mkdtemp(join(tmpdir(), 'fiveconnect-restore-'))
  try {
    const manifest = await unpackVerified(resolve(file), folder)
    assertRestorable(manifest, target)

    const storage = await createStorage(env)
    const inventory = objectInventory(env, storage)
    const existingKeys = await inventory.keys()
    const held = await withDatabase(target, {}, tablesHoldingData)
    const replaced = existingKeys.length > 0 || Object.keys(held).length > 0
    if (replaced && !force) {
      const rows = Object.entries(held).map(([table, count]) => `${table}: ${count}`)
      const what = [
        ...(rows.length > 0 ? [`the database holds data (${rows.join(', ')})`] : []),
        ...(existingKeys.length > 0
          ? [
              `the storage holds ${existingKeys.length} object${existingKeys.length === 1 ? '' : 's'}`,
            ]
          : []),
      ]
      throw new BackupError(
        `Refusing to restore: ${what.join(' and ')}. Restoring replaces all of it; run again with --force to do so.`,
      )
    }

    await restoreDatabase(target, join(folder, manifest.database.file), async (db) => {
      const counts = await tableRowCounts(db)
      for (const [table, count] of Object.entries(manifest.database.tables)) {
        if (counts[table] !== count) {
          throw new BackupError(
            `The restored database does not match the archive (${table}: ${counts[table] ?? 'missing'} rows, the archive says ${count}).`,
          )
        }
      }
    })

    const wanted = new Set(manifest.objects.map((object) => object.key))
    for (const key of existingKeys) if (!wanted.has(key)) await storage.delete(key)
    for (const object of manifest.objects) {
      const bytes = await readFile(join(folder, objectEntry(object.key)))
      await storage.write(object.key, bytes, object.contentType ?? 'application/octet-stream')
    }
    return { manifest, replaced }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dumpMigratedPglite, pgliteTemplateEnv } from './testing.ts'

/**
 * Vitest global setup: migrates one PGlite database for the whole run and leaves its dump in a
 * file, from which every test file's `createTestDb` loads its own copy.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return
  const folder = await mkdtemp(join(tmpdir(), 'fiveconnect-pglite-template-'))
  const file = join(folder, 'migrated.tar')
  const dump = await dumpMigratedPglite()
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
  process.env[pgliteTemplateEnv] = file
  return () => rm(folder, { recursive: true, force: true })
}

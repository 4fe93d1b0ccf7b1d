import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { freePort } from './processes/free-port.ts'
import { startNodeServer, type RunningProcess } from './processes/start-process.ts'

export const REPO_ROOT = resolve(import.meta.dirname, '../..')
export const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/server/index.js')
/** What `pnpm start` runs: the build with the server's Node flags. */
const SERVER_START = join(REPO_ROOT, 'apps/server/start.sh')

export type AppDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }

export function assertServerBuilt(): void {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`No server build at ${SERVER_ENTRY}: run \`pnpm build\` first`)
  }
}

/** A temporary DATA_DIR; for PGlite the seed writes the database into it before the server starts. */
export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'fiveconnect-bench-'))
}

export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite')

/** The production build, as `pnpm start` runs it, on a free port, with abuse limits off. */
export async function startAppServer(database: AppDatabase): Promise<RunningProcess> {
  assertServerBuilt()
  const port = await freePort()
  const dataDir = database.kind === 'pglite' ? database.dataDir : await makeDataDir()
  const server = await startNodeServer({
    command: 'sh',
    args: [SERVER_START],
    cwd: dirname(SERVER_ENTRY),
    port,
    readyPath: '/api/health',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      // The login run makes thousands of logins from one address: measured, not refused.
      RATE_LIMITS: 'off',
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    },
  })
  return {
    ...server,
    stop: async () => {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

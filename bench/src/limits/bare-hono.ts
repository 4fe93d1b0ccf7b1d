import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from '../processes/free-port.ts'
import { startNodeServer, type RunningProcess } from '../processes/start-process.ts'

const BENCH_DIR = resolve(import.meta.dirname, '../..')

/** Starts the bare Hono server with these JSON texts, each at GET /payload/<its name>. */
export async function startBareHono(payloads: Record<string, string>): Promise<RunningProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'fiveconnect-bare-hono-'))
  const payloadsFile = join(dir, 'payloads.json')
  const entries = Object.entries(payloads).map(([name, json]) => `${JSON.stringify(name)}:${json}`)
  await writeFile(payloadsFile, `{${entries.join(',')}}`)
  const port = await freePort()
  const server = await startNodeServer({
    args: ['--import', 'tsx', 'src/limits/bare-hono-server.ts'],
    cwd: BENCH_DIR,
    port,
    readyPath: '/health',
    env: { NODE_ENV: 'production', PORT: String(port), PAYLOADS_FILE: payloadsFile },
  })
  return {
    ...server,
    stop: async () => {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

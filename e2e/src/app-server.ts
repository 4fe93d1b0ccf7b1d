import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const serverEntry = resolve(import.meta.dirname, '../../apps/server/dist/server/index.js')

export const ADMIN = { email: 'admin@fiveconnect.test', password: 'admin-password-1' }

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise<void>((done) => server.close(() => done()))
  if (!address || typeof address === 'string') throw new Error('Could not find a free port')
  return address.port
}

export type RunningApp = Awaited<ReturnType<typeof startApp>>

/**
 * The production build, as `npm start` runs it: fresh data directory (PGlite, local objects, outbox),
 * a free loopback port, and a configured admin.
 */
export async function startApp(extraEnv: Record<string, string> = {}) {
  if (!existsSync(serverEntry))
    throw new Error(`No server build at ${serverEntry}: run the build first`)
  const dataDir = await mkdtemp(join(tmpdir(), 'fiveconnect-e2e-'))
  const port = await freePort()
  const url = `http://localhost:${port}`
  const env = {
    PATH: process.env.PATH,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extraEnv,
  }
  let log = ''
  let server = await startServer()

  async function startServer() {
    const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    const exited = new Promise<void>((done) => child.on('exit', () => done()))

    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`)
      if (attempt > 1200) throw new Error(`The server did not start within two minutes:\n${log}`)
      const isUp = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
      if (isUp) break
      await new Promise((done) => setTimeout(done, 100))
    }
    return { child, exited }
  }

  async function stopServer() {
    server.child.kill('SIGTERM')
    await server.exited
  }

  return {
    url,
    dataDir,
    log: () => log,
    /** The newest email sent to this address, from the outbox. */
    async lastMailTo(address: string) {
      const dir = join(dataDir, 'outbox')
      const names = (await readdir(dir).catch(() => [])).sort().reverse()
      for (const name of names) {
        const mail = JSON.parse(await readFile(join(dir, name), 'utf8')) as {
          to: string
          subject: string
          text: string
          headers?: Record<string, string>
        }
        if (mail.to === address) return mail
      }
      throw new Error(`No email to ${address} in the outbox`)
    },
    /** Stops the server with `signal` (SIGKILL: a crash) and leaves it down until `restart`. */
    async kill(signal: NodeJS.Signals) {
      server.child.kill(signal)
      await server.exited
    },
    /** Stops the server and starts it again on the same data, as a deploy or a crash would. */
    async restart() {
      await stopServer()
      server = await startServer()
    },
    async stop() {
      await stopServer()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

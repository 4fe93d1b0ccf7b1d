import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The real entry point as the run command starts it: env, migrations, first admin, HTTP, SIGTERM.

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('No port')
  return address.port
}

// Patient: on a 2-core machine busy with the other suites, start-up (tsx, migrations) can take a
// minute; waiting longer only costs time when the server is really broken.
async function waitForHealth(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('The server did not become healthy within two minutes')
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  // 'close', not 'exit': by then everything the process wrote has been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  return { child, exited, output: () => output }
}

/** A sign-in sent in two parts: in flight, unanswered, until `finish` sends the rest of its body. */
function signInInFlight(url: string) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'whatever-1' })
  const request = httpRequest(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  })
  const answered = new Promise<number | undefined>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode))
    })
    request.on('error', reject)
  })
  request.write(body.slice(0, 10))
  return { answered, finish: () => request.end(body.slice(10)) }
}

describe('the server process', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fiveconnect-process-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('migrates, creates the configured admin, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-secret',
    })
    try {
      await waitForHealth(url, server.child)
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin-secret' }),
      })
      expect(login.status).toBe(200)
      expect(await login.json()).toMatchObject({ role: 'admin' })
    } finally {
      server.child.kill('SIGTERM')
    }
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('SIGTERM received')
  }, 180_000)

  it('finishes a request in flight when SIGTERM arrives, then exits', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, APP_URL: url })
    await waitForHealth(url, server.child)

    const inFlight = signInInFlight(url)
    await new Promise((resolve) => setTimeout(resolve, 200))
    server.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    inFlight.finish()

    expect(await inFlight.answered).toBe(401)
    expect(await server.exited).toBe(0)
  }, 180_000)

  it('fails its health check through the drain period while finishing a request in flight', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      SHUTDOWN_DRAIN_SECONDS: '3',
    })
    await waitForHealth(url, server.child)

    const inFlight = signInInFlight(url)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const signalled = Date.now()
    server.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))

    // What the load balancer sees while draining: a failing check, and a server still answering.
    const check = await fetch(`${url}/api/health`)
    expect(check.status).toBe(503)
    expect(await check.json()).toEqual({ status: 'stopping', database: 'up' })
    expect((await fetch(`${url}/api/auth/user`)).status).toBe(401)
    expect(server.child.exitCode).toBeNull()

    inFlight.finish()
    expect(await inFlight.answered).toBe(401)
    expect(await server.exited).toBe(0)
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000)
    // Logged in the background: the last line, written just before exit, is not lost.
    expect(server.output()).toMatch(/"msg":"Stopped\."}\s*$/)
  }, 180_000)

  it('refuses to start on a bad setting and names the variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir })
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(/PORT:/)
  }, 120_000)
})

import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startApp, type RunningApp } from '@fiveconnect/e2e/app-server'
import { startS3Server, TEST_BUCKET } from '@fiveconnect/server/test/s3-server'
import { startSmtpSink } from '@fiveconnect/server/test/smtp-sink'

/** How long a stopping instance fails its health check before it closes: two checks' worth. */
export const DRAIN_SECONDS = 3
/** What one user may upload a day in the cluster: low enough for the soak to reach it at once. */
export const UPLOAD_FILES_PER_DAY = 20

/** The HAProxy configuration the soak runs behind; the README shows it. */
export function haproxyConfig(port: number, instancePorts: number[]) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A connection refused by an instance that has just died is tried again, on another instance.
  retries 3
  option redispatch
  option forwardfor

frontend fiveconnect
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  # Checked every second; out after 2 failed checks, back after 2 good ones. A busy instance may
  # take seconds to answer its check: slow is not down, so a check may take 5 s.
  timeout check 5s
  default-server inter 1s fall 2 rise 2
${instancePorts.map((instancePort, index) => `  server app${index + 1} 127.0.0.1:${instancePort} check`).join('\n')}
`
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

async function startHaproxy(config: string, port: number) {
  const dir = await mkdtemp(join(tmpdir(), 'fiveconnect-haproxy-'))
  const file = join(dir, 'haproxy.cfg')
  await writeFile(file, config)
  let log = ''
  // -db: in the foreground, logging to stderr; ends with the soak.
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const exited = new Promise<void>((done) => child.on('exit', () => done()))
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited early:\n${log}`)
    if (attempt > 100) throw new Error(`HAProxy did not answer within ten seconds:\n${log}`)
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    log: () => log,
    async stop() {
      child.kill('SIGTERM')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * `count` instances of the production build on one Postgres, one S3-compatible store (s3rver) and
 * one SMTP server, behind HAProxy: what the README's 'Running several instances' describes.
 */
export async function startCluster(databaseUrl: string, count: number) {
  const s3 = await startS3Server()
  const smtp = await startSmtpSink()
  const port = await freePort()
  const url = `http://localhost:${port}`
  // Everything the instances share, the same on each: database, store, mail, secrets, public URL.
  const shared = {
    DATABASE_URL: databaseUrl,
    APP_URL: url,
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    SMTP_URL: smtp.url,
    S3_BUCKET: TEST_BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    UPLOAD_QUOTA_FILES_PER_DAY: String(UPLOAD_FILES_PER_DAY),
    // A job attempt lost with a killed instance is retried once this has passed (plus a minute).
    TRANSCRIPTION_TIMEOUT_SECONDS: '20',
    LOG_LEVEL: 'warn',
  }
  const instances: RunningApp[] = []
  // One after the other: the first applies the migrations.
  for (let index = 0; index < count; index++) instances.push(await startApp(shared))
  const config = haproxyConfig(
    port,
    instances.map((instance) => Number(new URL(instance.url).port)),
  )
  const haproxy = await startHaproxy(config, port)

  /** Until HAProxy has logged each of these instances back up since the log was `from` long. */
  async function backInRotation(indexes: number[], from: number) {
    for (let attempt = 0; attempt < 300; attempt++) {
      const since = haproxy.log().slice(from)
      if (indexes.every((index) => since.includes(`instances/app${index + 1} is UP`))) return
      await new Promise((done) => setTimeout(done, 100))
    }
    throw new Error(`HAProxy did not take instances ${indexes.join(', ')} back:\n${haproxy.log()}`)
  }

  return {
    url,
    instances,
    mails: smtp.received,
    haproxyLog: haproxy.log,
    /** Restarts these instances together, and waits until HAProxy sends them requests again. */
    async restart(indexes: number[]) {
      const from = haproxy.log().length
      await Promise.all(indexes.map(async (index) => instances[index]?.restart()))
      await backInRotation(indexes, from)
    },
    async stop() {
      await haproxy.stop()
      await Promise.all(instances.map((instance) => instance.stop()))
      await smtp.close()
      await s3.stop()
    },
  }
}

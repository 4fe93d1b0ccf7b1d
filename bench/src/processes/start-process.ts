import { spawn } from 'node:child_process'
import { sampleRss } from './rss.ts'

const LOG_TAIL_CHARS = 64 * 1024

export type RunningProcess = {
  url: string
  pid: number
  /** The highest RSS seen since start, sampled throughout. */
  maxRssMb: () => number
  log: () => string
  stop: () => Promise<void>
}

/**
 * Starts a Node server and waits until `readyPath` answers 200. The environment is only what is
 * given (plus PATH), so nothing of the bench's own environment leaks into the measured server.
 */
export async function startNodeServer({
  command = process.execPath,
  args,
  cwd,
  env,
  port,
  readyPath,
}: {
  /** Node itself unless given; a script given here must exec its server, which keeps the pid. */
  command?: string
  args: string[]
  cwd: string
  env: Record<string, string>
  port: number
  readyPath: string
}): Promise<RunningProcess> {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The server logs a line per request: keep only the end, for the error that quotes it.
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const pid = child.pid
  if (pid === undefined) throw new Error(`Could not start ${args.join(' ')}`)
  const rss = sampleRss(pid)
  const url = `http://127.0.0.1:${port}`

  const stop = async () => {
    rss.stop()
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }

  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited early:\n${log}`)
    if (attempt > 1200) {
      await stop()
      throw new Error(`${args.join(' ')} did not start within 2 minutes:\n${log}`)
    }
    const up = await fetch(url + readyPath).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    await new Promise((done) => setTimeout(done, 100))
  }

  return { url, pid, maxRssMb: rss.maxMb, log: () => log, stop }
}

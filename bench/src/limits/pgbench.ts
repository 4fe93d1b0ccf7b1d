import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createScratchDatabase } from '@fiveconnect/db/bench'

const run = promisify(execFile)

export type PgbenchResult = { tps: number; latencyMs: number; scale: number; clients: number }

/** Reads tps and average latency from pgbench's summary. */
export function parsePgbenchOutput(output: string): { tps: number; latencyMs: number } {
  const tps = /^tps = ([\d.]+)/m.exec(output)?.[1]
  const latency = /^latency average = ([\d.]+) ms/m.exec(output)?.[1]
  if (!tps || !latency) throw new Error(`Unexpected pgbench output:\n${output}`)
  return { tps: Number(tps), latencyMs: Number(latency) }
}

/**
 * The database limit: `pgbench -S` (select-only, one primary-key lookup per transaction) with
 * prepared statements, as the app's driver uses, on a scratch database of the same server.
 */
export async function runPgbench(
  serverUrl: string,
  { clients, seconds, scale = 10 }: { clients: number; seconds: number; scale?: number },
): Promise<PgbenchResult> {
  const scratch = await createScratchDatabase(serverUrl, 'fiveconnect_pgbench')
  try {
    await run('pgbench', ['-i', '-q', '-s', String(scale), scratch.url])
    const select = (duration: number) =>
      run('pgbench', [
        '-S',
        '-n',
        '-M',
        'prepared',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(duration),
        scratch.url,
      ])
    await select(Math.max(1, Math.round(seconds / 4)))
    const { stdout } = await select(seconds)
    return { ...parsePgbenchOutput(stdout), scale, clients }
  } finally {
    await scratch.drop()
  }
}

import { randomBytes } from 'node:crypto'
import postgres from 'postgres'

export type ScratchDatabase = { url: string; drop: () => Promise<void> }

/** A new, empty database on the Postgres server of `serverUrl`, dropped again by `drop`. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/** The server's version string, e.g. for a benchmark report. */
export async function serverVersion(url: string): Promise<string> {
  const client = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const [row] = await client<{ version: string }[]>`select version()`
    return row?.version ?? 'unknown'
  } finally {
    await client.end({ timeout: 5 })
  }
}

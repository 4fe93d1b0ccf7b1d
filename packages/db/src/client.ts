import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export type DbConfig =
  /** Real Postgres through postgres-js. */
  | { url: string; maxConnections?: number }
  /**
   * Embedded PGlite: a directory for a file-backed database, or nothing for an in-memory one,
   * optionally started from a data directory dumped by PGlite's `dumpDataDir`.
   */
  | { pgliteDir?: string; loadDataDir?: Blob }

export type DbHandle = {
  db: Database
  driver: 'postgres' | 'pglite'
  /** Connections the pool may open: PGlite has one, in process. */
  maxConnections: number
  /** The embedded database itself, for a library that takes the connection (the job queue). */
  pglite?: PGlite
  /** The Postgres server's URL, for a library that opens its own connections (the job queue). */
  url?: string
  /** Applies the migrations not yet applied: the project's own, or those in another folder. */
  migrate: (folder?: string) => Promise<void>
  /**
   * Calls `onNotify` with each NOTIFY payload on `channel`, and `onListen` each time listening
   * (re)starts, after which notifications sent meanwhile may have been missed. Resolves, once
   * listening, to the function that stops it.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onListen: () => void,
  ) => Promise<() => Promise<void>>
  close: () => Promise<void>
}

// Resolved next to this module in source form and next to the server bundle once built
// (the server's build copies the folder to the matching place).
export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url))

const options = { schema, casing: 'snake_case' } as const

/** The Postgres extensions the migrations need, built into every PGlite database. */
export const pgliteExtensions = { pg_trgm }

export function createDb(config: DbConfig): DbHandle {
  if ('url' in config) {
    const maxConnections = config.maxConnections ?? 10
    const client = postgres(config.url, {
      max: maxConnections,
      // While the server is unreachable, requests fail fast (and answer 503) instead of hanging.
      connect_timeout: 5,
      onnotice: () => {},
    })
    const db = drizzlePostgres(client, options)
    return {
      db,
      driver: 'postgres',
      maxConnections,
      url: config.url,
      migrate: (folder = migrationsFolder) => migratePostgres(db, { migrationsFolder: folder }),
      // postgres-js listens on one dedicated connection and reconnects it, calling onListen again.
      listen: async (channel, onNotify, onListen) => {
        const subscription = await client.listen(channel, onNotify, onListen)
        return () => subscription.unlisten()
      },
      close: () => client.end({ timeout: 5 }),
    }
  }

  if (config.pgliteDir) mkdirSync(config.pgliteDir, { recursive: true })
  const client = new PGlite(config.pgliteDir ?? 'memory://', {
    extensions: pgliteExtensions,
    loadDataDir: config.loadDataDir,
  })
  const db = drizzlePglite(client, options)
  return {
    db,
    driver: 'pglite',
    maxConnections: 1,
    pglite: client,
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    // In process: nothing to reconnect, so listening starts once.
    listen: async (channel, onNotify, onListen) => {
      const unlisten = await client.listen(channel, onNotify)
      onListen()
      return () => unlisten()
    },
    close: () => client.close(),
  }
}

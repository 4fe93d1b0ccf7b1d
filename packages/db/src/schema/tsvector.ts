import { customType } from 'drizzle-orm/pg-core'

/** A Postgres full-text document; only ever written by the database (generated columns). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

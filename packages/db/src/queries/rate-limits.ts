import { lt, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { rateLimitBuckets } from '../schema/index.ts'

export type RateLimitCount = {
  /** Hits in the current window, this one included. */
  hits: number
  /** Milliseconds until the current window closes. */
  resetsInMs: number
}

/**
 * Counts one hit against `key` in a fixed window of `windowMs`, atomically (one statement), with
 * the database's clock so that every server instance agrees.
 */
export async function countRateLimitHit(
  db: Database,
  key: string,
  windowMs: number,
): Promise<RateLimitCount> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`
  const expired = sql`${rateLimitBuckets.windowStartedAt} <= now() - ${window}`
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitBuckets.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimitBuckets.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimitBuckets.hits,
      resetsInMs: sql<number>`ceil(extract(epoch from (${rateLimitBuckets.windowStartedAt} + ${window} - now())) * 1000)::float8`,
    })
  if (!row) throw new Error('The rate limit upsert returned no row')
  return { hits: row.hits, resetsInMs: Math.max(0, Number(row.resetsInMs)) }
}

/** Forgets windows that closed before `before`; run now and then to keep the table small. */
export async function deleteStaleRateLimitBuckets(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStartedAt, before))
    .returning({ key: rateLimitBuckets.key })
  return deleted.length
}

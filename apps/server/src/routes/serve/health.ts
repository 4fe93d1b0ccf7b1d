import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Serve } from '../route.ts'

export const healthOutput = z.object({
  status: z.enum(['ok', 'unavailable', 'stopping']),
  database: z.enum(['up', 'down']),
})

/**
 * GET /api/health: whether the database answers; 503 when it does not, and from the moment the
 * server is told to stop, so that a load balancer sends no more requests its way.
 */
export const health: Serve = ({ db, stopping }) => [
  async (c) => {
    const database = await db.execute(sql`select 1`).then(
      () => 'up' as const,
      () => 'down' as const,
    )
    if (stopping()) return c.json({ status: 'stopping', database }, 503)
    if (database === 'down') return c.json({ status: 'unavailable', database }, 503)
    return c.json({ status: 'ok', database })
  },
]

import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Serve } from '../route.ts'

export const healthOutput = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
})

/** GET /api/health: whether the database answers; 503 when it does not. */
export const health: Serve = ({ db }) => [
  async (c) => {
    try {
      await db.execute(sql`select 1`)
      return c.json({ status: 'ok', database: 'up' })
    } catch {
      return c.json({ status: 'unavailable', database: 'down' }, 503)
    }
  },
]

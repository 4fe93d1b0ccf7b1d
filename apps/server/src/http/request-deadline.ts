import { DATABASE_UNAVAILABLE_MESSAGE } from '@fiveconnect/api/server'
import type { MiddlewareHandler } from 'hono'

/**
 * Answers 503 when a request is not done in time, typically because it is waiting for a database
 * that is restarting: the caller gets a message to retry instead of a hung request. The work
 * itself is not cancelled; a write that still lands was never acknowledged, so nothing the caller
 * was told is lost.
 */
export function requestDeadline(milliseconds: number): MiddlewareHandler {
  return async (c, next) => {
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), milliseconds)
    })
    try {
      const outcome = await Promise.race([next(), expired])
      if (outcome === 'expired') {
        c.res = c.json({ message: DATABASE_UNAVAILABLE_MESSAGE }, 503, { 'Retry-After': '5' })
      }
    } finally {
      clearTimeout(timer)
    }
  }
}

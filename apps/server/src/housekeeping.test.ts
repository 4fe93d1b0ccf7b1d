import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startHousekeeping } from './housekeeping.ts'
import { captureLogs } from './test/logs.ts'
import { createTestApp, registerUser, type TestApp } from './test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('housekeeping', () => {
  it('logs how much each sweep removed', async () => {
    await registerUser(t)
    await registerUser(t)
    await t.db.execute(sql`update sessions set expire = now() - interval '1 day'`)
    const logs = captureLogs()
    const stop = startHousekeeping({ db: t.db, storage: t.storage, uploadUrlTtlMs: 900_000 })
    try {
      const done = await vi.waitFor(() => {
        const line = logs.entries().find((entry) => entry.msg === 'Housekeeping done')
        if (!line) throw new Error('No housekeeping line yet')
        return line
      })
      expect(done).toMatchObject({
        endedSignIns: 2,
        rateLimitWindows: 0,
        importRows: 0,
        objects: 0,
      })
    } finally {
      stop()
    }
  })
})

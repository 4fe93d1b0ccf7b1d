import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDb, type DbHandle } from '@fiveconnect/db'
import { createTestDb } from '@fiveconnect/db/testing'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startJobQueue, type JobQueue } from './job-queue.ts'

const QUICK = { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 60 }
const settled = { timeout: 60_000, interval: 200 }

/**
 * A database that can be closed and opened again like a restarted server's: a PGlite folder, or
 * the test's Postgres database.
 */
async function restartableDatabase() {
  const serverDb = process.env.TEST_DATABASE_URL ? await createTestDb() : undefined
  const dir = serverDb ? undefined : await mkdtemp(join(tmpdir(), 'fiveconnect-jobs-'))
  return {
    open: (): DbHandle =>
      serverDb?.url ? createDb({ url: serverDb.url }) : createDb({ pgliteDir: dir }),
    async dispose() {
      await serverDb?.close()
      if (dir) await rm(dir, { recursive: true, force: true })
    },
  }
}

function start(database: DbHandle) {
  return startJobQueue(database, { pollingIntervalSeconds: 0.5 })
}

describe('the job queue across a restart', () => {
  let database: Awaited<ReturnType<typeof restartableDatabase>>
  beforeAll(async () => {
    database = await restartableDatabase()
  })
  afterAll(() => database.dispose())

  it('hands a job cut off by a stop to the next start, which completes it once', async () => {
    const first = database.open()
    const before = await start(first)
    let started = 0
    await before.register('restart-demo', QUICK, (_data, attempt) => {
      started += 1
      // Runs until the stopping queue gives up on it.
      return new Promise((resolve) => attempt.signal.addEventListener('abort', () => resolve()))
    })
    const key = randomUUID()
    expect(await before.enqueue('restart-demo', { note: 'hello' }, { key })).toBe(true)
    await vi.waitFor(() => expect(started).toBe(1), settled)
    await before.stop(1000)
    await first.close()

    const second = database.open()
    const after = await start(second)
    const completed: unknown[] = []
    await after.register('restart-demo', QUICK, (data) => {
      completed.push(data)
      return Promise.resolve()
    })
    await vi.waitFor(
      async () => expect((await after.stats()).queues['restart-demo']).toEqual({ completed: 1 }),
      settled,
    )
    expect(completed).toEqual([{ note: 'hello' }])
    // Added again under the same key, it is the same job: nothing more runs.
    expect(await after.enqueue('restart-demo', { note: 'hello' }, { key })).toBe(false)
    expect((await after.stats()).queues['restart-demo']).toEqual({ completed: 1 })
    await after.stop(1000)
    await second.close()
  })
})

describe('two instances on one database', () => {
  let database: DbHandle
  let instances: JobQueue[]
  beforeAll(async () => {
    database = await createTestDb()
    instances = [await start(database), await start(database)]
  })
  afterAll(async () => {
    for (const instance of instances) await instance.stop(1000)
    await database.close()
  })

  it('never run the same job twice, nor at once', async () => {
    const runs = new Map<number, number>()
    const running = new Set<number>()
    const overlaps: number[] = []
    for (const instance of instances) {
      await instance.register<{ n: number }>('shared-demo', QUICK, async ({ n }) => {
        if (running.has(n)) overlaps.push(n)
        running.add(n)
        runs.set(n, (runs.get(n) ?? 0) + 1)
        await new Promise((resolve) => setTimeout(resolve, 20))
        running.delete(n)
      })
    }
    const jobs = Array.from({ length: 30 }, (_, n) => n)
    for (const n of jobs) await instances[n % 2]?.enqueue('shared-demo', { n })
    await vi.waitFor(
      async () =>
        expect((await instances[0]?.stats())?.queues['shared-demo']).toEqual({ completed: 30 }),
      settled,
    )
    expect(overlaps).toEqual([])
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(jobs)
    expect([...runs.values()].every((count) => count === 1)).toBe(true)
  })

  it('retries a failing job, then keeps it as failed in the stats', async () => {
    let attempts = 0
    await instances[0]?.register('failing-demo', QUICK, () => {
      attempts += 1
      return Promise.reject(new Error('always fails'))
    })
    await instances[1]?.enqueue('failing-demo', {})
    await vi.waitFor(
      async () =>
        expect((await instances[1]?.stats())?.queues['failing-demo']).toEqual({ failed: 1 }),
      settled,
    )
    expect(attempts).toBe(3)
    expect((await instances[1]?.stats())?.failed).toBe(1)
  })

  it('keeps one schedule of a job however many instances schedule it', async () => {
    for (const instance of instances) {
      await instance.register('scheduled-demo', QUICK, () => Promise.resolve())
      await instance.schedule('scheduled-demo', '*/5 * * * *', { digest: true })
    }
    const schedules = await database.db
      .select({ name: sql<string>`name`, cron: sql<string>`cron` })
      .from(sql`jobs.schedule`)
    expect(schedules).toEqual([{ name: 'scheduled-demo', cron: '*/5 * * * *' }])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { createTestDb } from '../testing.ts'
import { countRateLimitHit, deleteStaleRateLimitBuckets } from './rate-limits.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

describe('rate limit buckets', () => {
  it('counts hits per key within the window and says when it closes', async () => {
    const first = await countRateLimitHit(handle.db, 'login:1.2.3.4', 60_000)
    const second = await countRateLimitHit(handle.db, 'login:1.2.3.4', 60_000)
    const other = await countRateLimitHit(handle.db, 'login:5.6.7.8', 60_000)
    expect([first.hits, second.hits, other.hits]).toEqual([1, 2, 1])
    expect(second.resetsInMs).toBeGreaterThan(55_000)
    expect(second.resetsInMs).toBeLessThanOrEqual(60_000)
  })

  it('counts every one of many concurrent hits', async () => {
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => countRateLimitHit(handle.db, 'burst', 60_000)),
    )
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    )
  })

  it('starts a new window once the old one has closed', async () => {
    await countRateLimitHit(handle.db, 'short', 50)
    await countRateLimitHit(handle.db, 'short', 50)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect((await countRateLimitHit(handle.db, 'short', 50)).hits).toBe(1)
  })

  it('forgets stale windows', async () => {
    await countRateLimitHit(handle.db, 'stale', 60_000)
    expect(
      await deleteStaleRateLimitBuckets(handle.db, new Date(Date.now() + 1000)),
    ).toBeGreaterThan(0)
    expect((await countRateLimitHit(handle.db, 'stale', 60_000)).hits).toBe(1)
  })
})

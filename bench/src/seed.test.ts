import { digestSeededRows } from '@fiveconnect/db/bench'
import { createTestDb } from '@fiveconnect/db/testing'
import { describe, expect, it } from 'vitest'
import { generateDataset } from './dataset.ts'
import { seedDatabase } from './seed.ts'

const tiny = { users: 20, events: 5, people: 300, connections: 1_000 }
const now = new Date('2026-03-01T00:00:00Z')

async function seedFresh(seed: number) {
  const handle = await createTestDb()
  try {
    const dataset = generateDataset({ size: tiny, seed, passwordHash: 'hash', now })
    const counts = await seedDatabase(handle.db, dataset)
    return { counts, digest: await digestSeededRows(handle.db) }
  } finally {
    await handle.close()
  }
}

describe('seeding', () => {
  it(
    'writes the same rows for the same seed, and every generated row',
    { timeout: 180_000 },
    async () => {
      const first = await seedFresh(11)
      const second = await seedFresh(11)
      expect(second.digest).toBe(first.digest)
      // The migrations add a system user and a starter event of their own.
      expect(first.counts).toMatchObject({
        users: tiny.users + 1,
        events: tiny.events + 1,
        people: tiny.people,
        connections: tiny.connections,
      })
    },
  )
})

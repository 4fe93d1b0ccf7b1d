import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { users } from '../schema/index.ts'
import { createTestDb } from '../testing.ts'
import { listAuditEventsPage, recordAuditEvent } from './audit.ts'
import { createUser } from './users.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

describe('audit events', () => {
  it('are listed newest first, a keyset page at a time, and outlive the admin who acted', async () => {
    const admin = await createUser(handle.db, {
      email: 'admin@example.com',
      passwordHash: 'hash',
      firstName: 'Ada',
      lastName: 'Admin',
    })
    const actor = { id: admin.id, email: admin.email }
    const target = { id: admin.id, label: 'ada@example.com' }
    for (const action of ['user.deactivated', 'user.reactivated', 'user.password_set'] as const) {
      await recordAuditEvent(handle.db, { actor, action, target })
      await new Promise((resolve) => setTimeout(resolve, 5))
    }

    const firstPage = await listAuditEventsPage(handle.db, { limit: 2 })
    expect(firstPage.items.map((event) => event.action)).toEqual([
      'user.password_set',
      'user.reactivated',
    ])
    const secondPage = await listAuditEventsPage(handle.db, {
      limit: 2,
      after: firstPage.next ?? undefined,
    })
    expect(secondPage.items.map((event) => event.action)).toEqual(['user.deactivated'])
    expect(secondPage.next).toBeNull()

    await handle.db.delete(users).where(eq(users.id, admin.id))
    const { items: kept } = await listAuditEventsPage(handle.db, { limit: 10 })
    expect(kept).toHaveLength(3)
    expect(kept[0]).toMatchObject({ actorId: null, actorEmail: 'admin@example.com' })
  })
})

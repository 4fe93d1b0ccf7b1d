import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { users } from '../schema/index.ts'
import { createTestDb } from '../testing.ts'
import { listAuditEvents, recordAuditEvent } from './audit.ts'
import { createUser } from './users.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

describe('audit events', () => {
  it('are listed newest first, page by page, and outlive the admin who acted', async () => {
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

    const firstPage = await listAuditEvents(handle.db, { limit: 2 })
    expect(firstPage.map((event) => event.action)).toEqual([
      'user.password_set',
      'user.reactivated',
    ])
    const secondPage = await listAuditEvents(handle.db, {
      limit: 2,
      before: firstPage.at(-1)?.createdAt,
    })
    expect(secondPage.map((event) => event.action)).toEqual(['user.deactivated'])

    await handle.db.delete(users).where(eq(users.id, admin.id))
    const kept = await listAuditEvents(handle.db, { limit: 10 })
    expect(kept).toHaveLength(3)
    expect(kept[0]).toMatchObject({ actorId: null, actorEmail: 'admin@example.com' })
  })
})

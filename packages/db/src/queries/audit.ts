import { desc } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { auditEvents, type AuditAction } from '../schema/index.ts'
import { afterPosition, exactTimestamp, pageOf, type Page, type PageRequest } from './paging.ts'

export type NewAuditEvent = {
  actor: { id: string; email: string }
  action: AuditAction
  target: { id: string; label: string }
  details?: Record<string, unknown>
}

export async function recordAuditEvent(db: Database, event: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: event.actor.id,
    actorEmail: event.actor.email,
    action: event.action,
    targetId: event.target.id,
    targetLabel: event.target.label,
    details: event.details ?? {},
  })
}

export const auditEventColumns = {
  id: auditEvents.id,
  actorId: auditEvents.actorId,
  actorEmail: auditEvents.actorEmail,
  action: auditEvents.action,
  targetId: auditEvents.targetId,
  targetLabel: auditEvents.targetLabel,
  details: auditEvents.details,
  createdAt: auditEvents.createdAt,
}

export type AuditEvent = {
  [K in keyof typeof auditEventColumns]: (typeof auditEvents.$inferSelect)[K]
}

/** The log, newest first, a page at a time. */
export async function listAuditEventsPage(
  db: Database,
  page: PageRequest,
): Promise<Page<AuditEvent>> {
  const rows = await db
    .select({ ...auditEventColumns, pageKey: exactTimestamp(auditEvents.createdAt) })
    .from(auditEvents)
    .where(afterPosition('desc', auditEvents.createdAt, auditEvents.id, page.after))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.limit + 1)
  return pageOf(rows, page.limit)
}

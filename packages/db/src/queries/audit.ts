import { desc, lt } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { auditEvents, type AuditAction } from '../schema/index.ts'

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

/** Newest first, a page at a time: pass the last createdAt seen as `before` for the next page. */
export async function listAuditEvents(
  db: Database,
  { limit, before }: { limit: number; before?: Date },
): Promise<AuditEvent[]> {
  return db
    .select(auditEventColumns)
    .from(auditEvents)
    .where(before ? lt(auditEvents.createdAt, before) : undefined)
    .orderBy(desc(auditEvents.createdAt))
    .limit(limit)
}

import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.updated',
  'user.deactivated',
  'user.reactivated',
  'user.password_set',
  'event.deleted',
] as const

export type AuditAction = (typeof AUDIT_ACTIONS)[number]

// What admins did, kept even when the admin's or the target's account is gone: the actor's email
// and the target's label are copied in for that reason.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    targetId: uuid().notNull(),
    targetLabel: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // In the log's order (newest first, ties by id), so a page is read off it in order.
  (table) => [
    index('audit_events_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
)

import type { auditEventColumns } from '@fiveconnect/db'
import { z } from 'zod'
import { roleSchema, userOutput } from '../auth/auth.schema.ts'
import { CONNECTION_TYPES } from '../connections/connection.schema.ts'
import {
  emailAddress,
  newPasswordField,
  optionalText,
  pageOutput,
  requiredName,
  storableText,
  uuidParam,
} from '../common.schema.ts'

export const adminUpdateUserInput = z.object({
  id: uuidParam,
  firstName: requiredName('First name is required', 'First name'),
  lastName: requiredName('Last name is required', 'Last name'),
  email: emailAddress('Valid email is required'),
  mobile: optionalText(40, 'Mobile'),
  company: optionalText(255, 'Company'),
  linkedin: optionalText(2048, 'LinkedIn'),
  website: optionalText(2048, 'Website'),
  role: roleSchema,
})

export const adminSetPasswordInput = z.object({ id: uuidParam, newPassword: newPasswordField })

/** The admin's password form asks twice; the server needs it once. */
export const adminPasswordForm = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: storableText('Password confirmation', 'Please confirm password').min(
      6,
      'Please confirm password',
    ),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })

export const userIdInput = z.object({ id: uuidParam })

export type AdminUpdateUserInput = z.input<typeof adminUpdateUserInput>

/** The dashboard's figures; every connection type has a count, 0 when none. */
export const adminStatsOutput = z.object({
  totalUsers: z.number().int(),
  totalEvents: z.number().int(),
  totalConnections: z.number().int(),
  connectionsThisMonth: z.number().int(),
  connectionTypes: z.record(z.enum(CONNECTION_TYPES), z.number().int()),
})

export const auditEventOutput = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  // The client imports this file: the actions are listed here rather than imported from the
  // database package, and the procedure's return type keeps the two lists in step.
  action: z.enum([
    'user.role_changed',
    'user.updated',
    'user.deactivated',
    'user.reactivated',
    'user.password_set',
    'event.deleted',
  ]),
  targetId: z.string(),
  targetLabel: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.date(),
} satisfies Record<keyof typeof auditEventColumns, z.ZodType>)

/** A page of the accounts, the oldest first. */
export const userPageOutput = pageOutput(userOutput)

/** A page of the audit log, newest first. */
export const auditLogPageOutput = pageOutput(auditEventOutput)

import { z } from 'zod'
import { storableText } from '../common.schema.ts'

export const DEFAULT_REMINDER_HOUR = 8

/**
 * The form a mail app's one-click unsubscribe (RFC 8058) POSTs to the digest's List-Unsubscribe
 * link: the digest's List-Unsubscribe-Post header names it, and the REST document declares it.
 */
export const ONE_CLICK_UNSUBSCRIBE = { field: 'List-Unsubscribe', value: 'One-Click' } as const

/** The IANA name Intl knows the zone by ('europe/berlin' becomes 'Europe/Berlin'); null if unknown. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

export const timeZoneField = storableText('Time zone')
  .trim()
  .max(100, 'Time zone is too long')
  .transform((name, context) => {
    const zone = canonicalTimeZone(name)
    if (zone) return zone
    context.addIssue({
      code: 'custom',
      message: `Unknown time zone '${name}': use an IANA name such as Europe/Berlin`,
    })
    return z.NEVER
  })

export const reminderHourField = z
  .number({ error: 'Reminder hour must be a whole number from 0 to 23' })
  .int('Reminder hour must be a whole number from 0 to 23')
  .min(0, 'Reminder hour must be a whole number from 0 to 23')
  .max(23, 'Reminder hour must be a whole number from 0 to 23')

export const reminderSettingsInput = z.object({
  enabled: z.boolean({ error: 'Reminders must be turned on (true) or off (false)' }),
  hour: reminderHourField,
})

export const reminderSettingsOutput = z.object({
  enabled: z.boolean(),
  hour: z.number(),
  /** Null until the user's browser has reported it: no digest goes out before then. */
  timeZone: z.string().nullable(),
})

export const timeZoneInput = z.object({ timeZone: timeZoneField })

export const unsubscribeTokenInput = z.object({
  token: storableText('The unsubscribe link').max(200, 'The unsubscribe link is too long'),
})

export type ReminderSettings = z.output<typeof reminderSettingsOutput>
export type ReminderSettingsInput = z.input<typeof reminderSettingsInput>

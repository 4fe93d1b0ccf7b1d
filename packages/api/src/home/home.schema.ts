import { z } from 'zod'
import { connectionOutput } from '../connections/connection.schema.ts'

/** SPEC section 2: Home's Recent Connections card shows the 3 newest. */
export const RECENT_CONNECTIONS_SHOWN = 3

/** Home's 'Shared with you' shows who sent their details through the share page this long ago. */
export const SHARED_WITH_YOU_DAYS = 7

/** A follow-up due within this many days counts as due soon, and shows on Home. */
export const DUE_SOON_DAYS = 14

export const homeSummaryInput = z.object({
  /** The caller's local calendar day: follow-ups are days, due as the user's own days. */
  today: z.iso.date({ error: 'Today must be a date (YYYY-MM-DD)' }),
})

export const homeSummaryOutput = z.object({
  totalConnections: z.number().int(),
  /** Newest first, with what the Connection Details dialog shows. */
  recentConnections: z.array(connectionOutput),
  /** Open follow-ups that are overdue or due within DUE_SOON_DAYS of today, earliest first. */
  followUpsDue: z.array(
    z.object({
      id: z.string(),
      followUpOn: z.string(),
      person: z.object({ firstName: z.string(), lastName: z.string() }),
    }),
  ),
  /** Connections whose person sent their details through the share page lately, newest first. */
  sharedWithYou: z.array(connectionOutput),
})

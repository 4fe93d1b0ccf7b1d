import type { HomeSummaryParams } from '@fiveconnect/db'
import type { z } from 'zod'
import {
  DUE_SOON_DAYS,
  RECENT_CONNECTIONS_SHOWN,
  SHARED_WITH_YOU_DAYS,
  type homeSummaryInput,
} from './home.schema.ts'

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** What the database reads for the user's Home summary on the day the client says it is. */
export function homeSummaryOf(
  userId: string,
  { today }: z.output<typeof homeSummaryInput>,
): HomeSummaryParams {
  return {
    authorId: userId,
    recentCount: RECENT_CONNECTIONS_SHOWN,
    dueBy: addDays(today, DUE_SOON_DAYS),
    sharedSince: new Date(Date.now() - SHARED_WITH_YOU_DAYS * 24 * 60 * 60 * 1000),
  }
}

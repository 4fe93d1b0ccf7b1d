import {
  claimReminderDigest,
  listDigestCandidates,
  listDueFollowUps,
  releaseReminderDigest,
  type Database,
  type DigestCandidate,
  type DueFollowUp,
} from '@fiveconnect/db'
import type { Mailer, MailMessage } from '../context.ts'
import { fullNameOf } from '../exports/follow-up-event.ts'
import { generateSecretToken, hashSecretToken } from '../secret-token.ts'
import { ONE_CLICK_UNSUBSCRIBE } from './reminders.schema.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export type DigestDeps = {
  db: Database
  mailer: Mailer
  /** Public origin of the app, for the links in the mail (no trailing slash). */
  appUrl: string
  now: Date
  /** Told about each mail that could not be sent; a later run retries it. */
  onSendError?: (error: unknown) => void
}

/** The calendar day (YYYY-MM-DD) and hour (0-23) that `now` is in `timeZone`. */
export function localDayAndHour(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) }
}

/** 'Tuesday 1 December' */
export function longDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`))
}

/** Where a digest's unsubscribe link points; apps/server answers it without a session. */
export const unsubscribeUrl = (appUrl: string, token: string) =>
  `${appUrl}/api/reminders/unsubscribe/${token}`

function digestMail(
  user: DigestCandidate,
  day: string,
  followUps: DueFollowUp[],
  links: { appUrl: string; unsubscribe: string },
): MailMessage {
  const line = (followUp: DueFollowUp) => {
    const name = fullNameOf(followUp.person)
    const company = followUp.person.company ? `, ${followUp.person.company}` : ''
    return `- ${name}${company}\n  ${links.appUrl}/connections?connection=${followUp.id}`
  }
  const dueToday = followUps.filter((followUp) => followUp.followUpOn === day)
  const overdue = followUps.filter((followUp) => followUp.followUpOn < day)
  const sections = [
    dueToday.length > 0 && ['Due today:', ...dueToday.map(line)].join('\n'),
    overdue.length > 0 &&
      [
        'Overdue:',
        ...overdue.map(
          (followUp) => `${line(followUp)}\n  Was due ${longDay(followUp.followUpOn)}`,
        ),
      ].join('\n'),
  ].filter((section): section is string => Boolean(section))
  return {
    to: user.email,
    subject: `Your follow-ups for ${longDay(day)}`,
    text: [
      `Hi ${user.firstName},`,
      ...sections,
      `You get this email because follow-up reminders are on. Change the hour or turn them off in your Profile: ${links.appUrl}/profile`,
      `Unsubscribe: ${links.unsubscribe}`,
    ].join('\n\n'),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': `${ONE_CLICK_UNSUBSCRIBE.field}=${ONE_CLICK_UNSUBSCRIBE.value}`,
    },
  }
}

/**
 * Sends each user whose reminder hour has come, in their own time zone, their follow-ups due that
 * day and overdue, once per local day. Safe to call as often as a scheduler likes and from any
 * number of server instances: each digest is claimed in the database before it is sent, and the
 * claim is given back if the mail fails. A digest missed at its hour (the server was down) goes
 * out at the next run that day. Returns how many digests it sent.
 */
export async function sendDueDigests({
  db,
  mailer,
  appUrl,
  now,
  onSendError,
}: DigestDeps): Promise<number> {
  // The latest calendar day anywhere is at most one day after UTC's.
  const latestDay = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10)
  let sent = 0
  for (const user of await listDigestCandidates(db, latestDay)) {
    if (!user.timeZone) continue
    const { day, hour } = localDayAndHour(now, user.timeZone)
    if (hour < user.reminderHour || (user.lastDigestOn !== null && user.lastDigestOn >= day)) {
      continue
    }
    const followUps = await listDueFollowUps(db, user.id, day)
    if (followUps.length === 0) continue
    const token = generateSecretToken()
    const claim = { userId: user.id, localDate: day }
    if (
      !(await claimReminderDigest(db, { ...claim, unsubscribeTokenHash: hashSecretToken(token) }))
    )
      continue
    try {
      await mailer.send(
        digestMail(user, day, followUps, { appUrl, unsubscribe: unsubscribeUrl(appUrl, token) }),
      )
      sent += 1
    } catch (error) {
      await releaseReminderDigest(db, claim)
      onSendError?.(error)
    }
  }
  return sent
}

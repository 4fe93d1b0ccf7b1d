import {
  clearCalendarFeedToken,
  findCalendarFeedOwner,
  hasCalendarFeed,
  listOpenFollowUps,
  setCalendarFeedToken,
  type OpenFollowUp,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { okOutput } from '../common.schema.ts'
import { exportFileOutput } from '../exports/export.schema.ts'
import { followUpEvent } from '../exports/follow-up-event.ts'
import { toICalendar } from '../exports/icalendar.ts'
import { protectedProcedure, publicProcedure, router } from '../trpc.ts'
import {
  calendarFeedLinksOutput,
  calendarFeedStatusOutput,
  calendarFeedTokenInput,
  type CalendarFeedLinks,
} from './calendar-feed.schema.ts'
import { generateSecretToken, hashSecretToken, SECRET_TOKEN_PATTERN } from '../secret-token.ts'

const CALENDAR_FEED_NOT_FOUND = 'Calendar feed not found.'

/** The feed's address, as apps/server answers it, over http(s) and as webcal://. */
function calendarFeedLinks(appUrl: string, token: string): CalendarFeedLinks {
  const url = `${appUrl}/api/calendar/${token}.ics`
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') }
}

/** What the feed tells a calendar app, and so whoever holds the link: no notes or contact details. */
function descriptionOf(followUp: OpenFollowUp): string | null {
  const lines = [
    followUp.person.company && `Company: ${followUp.person.company}`,
    followUp.eventTitle && `Met at ${followUp.eventTitle}`,
    followUp.connectionFocus && `Focus: ${followUp.connectionFocus}`,
  ].filter((line): line is string => Boolean(line))
  return lines.length > 0 ? lines.join('\n') : null
}

export const calendarFeedRouter = router({
  status: protectedProcedure
    .output(calendarFeedStatusOutput)
    .query(async ({ ctx }) => ({ hasFeed: await hasCalendarFeed(ctx.db, ctx.user.id) })),

  /** A new feed link, replacing any old one; answered once, since only its hash is kept. */
  create: protectedProcedure.output(calendarFeedLinksOutput).mutation(async ({ ctx }) => {
    const token = generateSecretToken()
    const isSet = await setCalendarFeedToken(ctx.db, {
      userId: ctx.user.id,
      tokenHash: hashSecretToken(token),
    })
    if (!isSet) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
    return calendarFeedLinks(ctx.appUrl, token)
  }),

  revoke: protectedProcedure.output(okOutput).mutation(async ({ ctx }) => {
    await clearCalendarFeedToken(ctx.db, ctx.user.id)
    return { ok: true as const }
  }),

  /**
   * The feed itself, for whoever holds the link: calendar apps fetch it with no session. Every
   * open follow-up of the link's owner as an all-day event.
   */
  ics: publicProcedure
    .input(calendarFeedTokenInput)
    .output(exportFileOutput)
    .query(async ({ ctx, input }) => {
      const notFound = new TRPCError({ code: 'NOT_FOUND', message: CALENDAR_FEED_NOT_FOUND })
      await ctx.rateLimit({ 'calendar-feed:ip': ctx.clientIp })
      if (!SECRET_TOKEN_PATTERN.test(input.token)) throw notFound
      const tokenHash = hashSecretToken(input.token)
      await ctx.rateLimit({ 'calendar-feed:token': tokenHash })
      const owner = await findCalendarFeedOwner(ctx.db, tokenHash)
      if (!owner) throw notFound
      const generatedAt = new Date()
      const events = (await listOpenFollowUps(ctx.db, owner.id)).map((followUp) =>
        followUpEvent(
          { connectionId: followUp.id, day: followUp.followUpOn, person: followUp.person },
          { description: descriptionOf(followUp), appUrl: ctx.appUrl, generatedAt },
        ),
      )
      return {
        filename: 'fiveconnect-follow-ups.ics',
        contentType: 'text/calendar; charset=utf-8',
        content: toICalendar(events, { name: 'FiveConnect follow-ups', refreshInterval: 'PT1H' }),
      }
    }),
})

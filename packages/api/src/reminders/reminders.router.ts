import {
  getReminderSettings,
  isReminderUnsubscribeToken,
  setUserTimeZone,
  unsubscribeFromReminders,
  updateReminderSettings,
  type Database,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { hashSecretToken, SECRET_TOKEN_PATTERN } from '../secret-token.ts'
import { protectedProcedure, publicProcedure, router } from '../trpc.ts'
import {
  reminderSettingsInput,
  reminderSettingsOutput,
  timeZoneInput,
  unsubscribeTokenInput,
} from './reminders.schema.ts'

const UNSUBSCRIBE_LINK_NOT_FOUND = 'This unsubscribe link is not valid.'
const unauthorized = () => new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })

/** The hash of a well-formed link's token that a digest went out with; 404 otherwise. */
async function knownTokenHash(db: Database, token: string): Promise<string> {
  const notFound = new TRPCError({ code: 'NOT_FOUND', message: UNSUBSCRIBE_LINK_NOT_FOUND })
  if (!SECRET_TOKEN_PATTERN.test(token)) throw notFound
  const tokenHash = hashSecretToken(token)
  if (!(await isReminderUnsubscribeToken(db, tokenHash))) throw notFound
  return tokenHash
}

export const remindersRouter = router({
  settings: protectedProcedure.output(reminderSettingsOutput).query(async ({ ctx }) => {
    const settings = await getReminderSettings(ctx.db, ctx.user.id)
    if (!settings) throw unauthorized()
    return settings
  }),

  update: protectedProcedure
    .input(reminderSettingsInput)
    .output(reminderSettingsOutput)
    .mutation(async ({ ctx, input }) => {
      const settings = await updateReminderSettings(ctx.db, ctx.user.id, input)
      if (!settings) throw unauthorized()
      return settings
    }),

  /** The browser's time zone, sent when the app opens: the digest goes out at the hour there. */
  setTimeZone: protectedProcedure
    .input(timeZoneInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await setUserTimeZone(ctx.db, ctx.user.id, input.timeZone)
      return { ok: true as const }
    }),

  /** Whether a digest's unsubscribe link is real, before the page offers to use it: 404 if not. */
  checkUnsubscribeLink: publicProcedure
    .input(unsubscribeTokenInput)
    .output(z.object({ ok: z.literal(true) }))
    .query(async ({ ctx, input }) => {
      await ctx.rateLimit({ 'reminder-unsubscribe:ip': ctx.clientIp })
      await knownTokenHash(ctx.db, input.token)
      return { ok: true as const }
    }),

  /**
   * A digest's unsubscribe link, used with no session (RFC 8058 one-click, or the page's button):
   * turns reminders off for the user that digest went to, and for nobody else.
   */
  unsubscribe: publicProcedure
    .input(unsubscribeTokenInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimit({ 'reminder-unsubscribe:ip': ctx.clientIp })
      await unsubscribeFromReminders(ctx.db, await knownTokenHash(ctx.db, input.token))
      return { ok: true as const }
    }),
})

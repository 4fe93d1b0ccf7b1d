import {
  findShareCard,
  getShareSettings,
  receiveSharedContact,
  saveShareSettings,
  type ShareSettings as StoredSettings,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { randomBytes } from 'node:crypto'
import { okOutput } from '../common.schema.ts'
import type { Context } from '../context.ts'
import { exportFileOutput } from '../exports/export.schema.ts'
import { fileNameOf } from '../exports/file-name.ts'
import { toVCard } from '../exports/vcard.ts'
import { hashSecretToken } from '../secret-token.ts'
import { protectedProcedure, publicProcedure, router } from '../trpc.ts'
import {
  sendBackInput,
  shareCardOutput,
  shareFieldsInput,
  shareSettingsOutput,
  shareTokenInput,
  type ShareSettings,
} from './share.schema.ts'

export const SHARE_PAGE_NOT_FOUND = 'This contact page does not exist or was turned off.'

/** 96 random bits, URL-safe: short enough for a small QR code, too many to guess. */
const SHARE_TOKEN_PATTERN = /^[\w-]{16}$/
const newShareToken = () => randomBytes(12).toString('base64url')

export const sharePageUrl = (appUrl: string, token: string) => `${appUrl}/c/${token}`

function settingsOf(appUrl: string, settings: StoredSettings | undefined): ShareSettings {
  if (!settings) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
  return {
    url: settings.token ? sharePageUrl(appUrl, settings.token) : null,
    fields: settings.fields,
  }
}

/** The card behind a link, counted against the link's and the caller's limits; 404 when off. */
async function cardFor(
  ctx: Pick<Context, 'db' | 'clientIp' | 'rateLimit'>,
  token: string,
  limits: 'view' | 'send',
) {
  const notFound = new TRPCError({ code: 'NOT_FOUND', message: SHARE_PAGE_NOT_FOUND })
  await ctx.rateLimit(
    limits === 'view' ? { 'share-page:ip': ctx.clientIp } : { 'share-send:ip': ctx.clientIp },
  )
  if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound
  await ctx.rateLimit(
    limits === 'view' ? { 'share-page:link': token } : { 'share-send:link': token },
  )
  const card = await findShareCard(ctx.db, token)
  if (!card) throw notFound
  return card
}

export const shareRouter = router({
  settings: protectedProcedure
    .output(shareSettingsOutput)
    .query(async ({ ctx }) => settingsOf(ctx.appUrl, await getShareSettings(ctx.db, ctx.user.id))),

  /** A new link showing these fields, replacing any old one (whose QR codes then lead nowhere). */
  createLink: protectedProcedure
    .input(shareFieldsInput)
    .output(shareSettingsOutput)
    .mutation(async ({ ctx, input }) =>
      settingsOf(
        ctx.appUrl,
        await saveShareSettings(ctx.db, ctx.user.id, {
          token: newShareToken(),
          fields: input.fields,
        }),
      ),
    ),

  setFields: protectedProcedure
    .input(shareFieldsInput)
    .output(shareSettingsOutput)
    .mutation(async ({ ctx, input }) =>
      settingsOf(
        ctx.appUrl,
        await saveShareSettings(ctx.db, ctx.user.id, { fields: input.fields }),
      ),
    ),

  turnOff: protectedProcedure.output(okOutput).mutation(async ({ ctx }) => {
    await saveShareSettings(ctx.db, ctx.user.id, { token: null })
    return { ok: true as const }
  }),

  /** What the share page shows: the owner's name and the fields they chose. */
  card: publicProcedure
    .input(shareTokenInput)
    .output(shareCardOutput)
    .query(async ({ ctx, input }) => {
      const { ownerId: _owner, ...card } = await cardFor(ctx, input.token, 'view')
      return card
    }),

  /** The share page's 'Save contact': the same card as a vCard file. */
  vcard: publicProcedure
    .input(shareTokenInput)
    .output(exportFileOutput)
    .query(async ({ ctx, input }) => {
      const card = await cardFor(ctx, input.token, 'view')
      return {
        filename: `${fileNameOf(`${card.firstName} ${card.lastName}`)}.vcf`,
        contentType: 'text/vcard; charset=utf-8',
        content: `${toVCard({ ...card, title: null, note: null })}\r\n`,
      }
    }),

  /**
   * 'Send your details back': files them with the link's owner, and only there. The answer is the
   * same whatever became of them (new person, merged, or a bot's form dropped), so the form tells
   * no one whether an email is registered or already among the owner's people.
   */
  sendBack: publicProcedure
    .input(sendBackInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const { token, consent: _consent, website: honeypot, ...contact } = input
      const card = await cardFor(ctx, token, 'send')
      if (contact.email) {
        await ctx.rateLimit({ 'share-send:address': hashSecretToken(contact.email.toLowerCase()) })
      }
      if (!honeypot) await receiveSharedContact(ctx.db, { ownerId: card.ownerId, contact })
      return { ok: true as const }
    }),
})

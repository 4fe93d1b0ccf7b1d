import { createCaller } from '@fiveconnect/api'
import type { ShareCard } from '@fiveconnect/api/schemas'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../http/app-env.ts'
import { toErrorResponse } from '../http/errors.ts'
import {
  messagePage,
  sentPage,
  SHARE_PAGE_CSP,
  sharePage,
  type SendBackValues,
} from './share-page.html.ts'

/** A filled-in form is well under 4 kB; anything much larger is no person typing. */
export const SEND_BACK_BODY_LIMIT = 16 * 1024

const PAGE_HEADERS = {
  'Content-Security-Policy': SHARE_PAGE_CSP,
  // The link is the page's only key: no shared cache keeps a page whose owner turned it off.
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
}

const FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'company',
  'title',
  'note',
] as const

function answer(c: Context<AppEnv>, body: string, status: ContentfulStatusCode = 200) {
  return c.html(body, status, PAGE_HEADERS)
}

/** A refusal as a page a person reads: not found, too many attempts, too large, or bad input. */
function refusal(c: Context<AppEnv>, error: unknown) {
  const { status, body, headers } = toErrorResponse(error)
  const title = status === 404 ? 'Page not found' : 'Your details were not sent'
  return c.html(messagePage(title, body.message), status, { ...PAGE_HEADERS, ...headers })
}

/**
 * The public share page at /c/{token}: the owner's card, its vCard, and the form that sends the
 * visitor's details back. No session: the link is the credential, and the procedures (share.*)
 * hold the limits. `api` is the app's API-context middleware.
 */
export function sharePageRoutes(api: MiddlewareHandler<AppEnv>) {
  const noSession: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('user', null)
    c.set('sessionId', null)
    await next()
  }
  return new Hono<AppEnv>()
    .use('/c/*', noSession, api)
    .get('/c/:token', async (c) => {
      const token = c.req.param('token')
      try {
        return answer(c, sharePage(token, await createCaller(c.get('api')).share.card({ token })))
      } catch (error) {
        return refusal(c, error)
      }
    })
    .get('/c/:token/contact.vcf', async (c) => {
      try {
        const file = await createCaller(c.get('api')).share.vcard({ token: c.req.param('token') })
        return c.body(file.content, 200, {
          ...PAGE_HEADERS,
          'Content-Type': file.contentType,
          'Content-Disposition': `attachment; filename="${file.filename}"`,
        })
      } catch (error) {
        return refusal(c, error)
      }
    })
    .post(
      '/c/:token',
      bodyLimit({
        maxSize: SEND_BACK_BODY_LIMIT,
        onError: (c) =>
          c.html(
            messagePage('Your details were not sent', 'What you sent is too long.'),
            413,
            PAGE_HEADERS,
          ),
      }),
      async (c) => {
        const token = c.req.param('token')
        const caller = createCaller(c.get('api'))
        const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}))
        const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined)
        const values: SendBackValues = Object.fromEntries(
          FORM_FIELDS.map((name) => [name, text(name)]),
        )
        let card: ShareCard
        try {
          card = await caller.share.card({ token })
        } catch (error) {
          return refusal(c, error)
        }
        try {
          await caller.share.sendBack({
            token,
            ...values,
            firstName: values.firstName ?? '',
            lastName: values.lastName ?? '',
            consent: text('consent') ?? '',
            website: text('website'),
          })
        } catch (error) {
          const { status, body, headers } = toErrorResponse(error)
          if (status !== 400) return refusal(c, error)
          return c.html(sharePage(token, card, { values, error: body.message }), 400, {
            ...PAGE_HEADERS,
            ...headers,
          })
        }
        return answer(c, sentPage(card))
      },
    )
}

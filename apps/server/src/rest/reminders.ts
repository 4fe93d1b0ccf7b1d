import { TRPCError } from '@trpc/server'
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJson } from '../http/read-json.ts'
import { callerFor } from './caller.ts'

const UNSUBSCRIBE_PATH = '/reminders/unsubscribe/:token'

/** A small page of its own: the person comes from their mail, maybe on a device never signed in. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · FiveConnect</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
button { font: inherit; min-height: 44px; padding: 0 1.25rem; border-radius: 8px; border: 0; background: #3b5bdb; color: #fff; cursor: pointer; }
</style>
</head>
<body>
<h1>${title}</h1>
${body}
</body>
</html>
`
}

const profileLink = '<p><a href="/profile">Open your Profile</a> to change your reminders.</p>'

/** Runs the call; an unknown or malformed link answers a 404 page instead of the JSON error. */
async function orNotFoundPage(c: Context<AppEnv>, call: () => Promise<string>) {
  try {
    return c.html(await call())
  } catch (error) {
    if (!(error instanceof TRPCError) || error.code !== 'NOT_FOUND') throw error
    return c.html(
      page(
        'Link not valid',
        `<p>${error.message} Use the link in your latest reminder email, or turn reminders off in FiveConnect.</p>${profileLink}`,
      ),
      404,
    )
  }
}

/**
 * The reminder settings (SPEC section 7 has none: these are FiveConnect's own) and the digest's
 * unsubscribe link. The link needs no session: its secret is the credential. Opening it (GET) only
 * asks, since mail scanners open links; the page's button and mail apps' one-click unsubscribe
 * (RFC 8058) POST to the same address.
 */
export const reminderRoutes = new Hono<AppEnv>()
  .get('/reminders', async (c) => c.json(await callerFor(c).reminders.settings()))
  .put('/reminders', async (c) => c.json(await callerFor(c).reminders.update(await readJson(c))))
  .put('/profile/time-zone', async (c) =>
    c.json(await callerFor(c).reminders.setTimeZone(await readJson(c))),
  )
  .get(UNSUBSCRIBE_PATH, (c) =>
    orNotFoundPage(c, async () => {
      await callerFor(c).reminders.checkUnsubscribeLink({ token: c.req.param('token') })
      return page(
        'Stop follow-up reminders?',
        `<p>You will no longer get the daily email listing your follow-ups.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>${profileLink}`,
      )
    }),
  )
  .post(UNSUBSCRIBE_PATH, (c) =>
    orNotFoundPage(c, async () => {
      await callerFor(c).reminders.unsubscribe({ token: c.req.param('token') })
      return page(
        'You are unsubscribed',
        `<p>No more follow-up reminder emails will be sent to you.</p>${profileLink}`,
      )
    }),
  )

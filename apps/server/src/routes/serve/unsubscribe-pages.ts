import { TRPCError } from '@trpc/server'
import type { Serve } from '../route.ts'

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

/**
 * The page the entry's procedure answers once it succeeds: the reminder digest's unsubscribe link
 * needs no session, its secret is the credential. An unknown or malformed link answers a 404 page
 * instead of the JSON error.
 */
function linkPage(title: string, body: string): Serve {
  return ({ call }) => [
    async (c) => {
      try {
        await call(c)
        return c.html(page(title, body))
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
    },
  ]
}

/**
 * Opening the link (GET) only asks, since mail scanners open links; the page's button and mail
 * apps' one-click unsubscribe (RFC 8058) POST to the same address.
 */
export const unsubscribeQuestion = linkPage(
  'Stop follow-up reminders?',
  `<p>You will no longer get the daily email listing your follow-ups.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>${profileLink}`,
)

export const unsubscribeAnswer = linkPage(
  'You are unsubscribed',
  `<p>No more follow-up reminder emails will be sent to you.</p>${profileLink}`,
)

import { ONE_CLICK_UNSUBSCRIBE } from '@fiveconnect/api/schemas'
import type { RestRoute } from '../route.ts'
import { unsubscribeAnswer, unsubscribeQuestion } from '../serve/unsubscribe-pages.ts'

const unsubscribeLink = {
  path: '/api/reminders/unsubscribe/{token}',
  tag: 'Profile',
  access: 'link',
  success: { status: 200, media: 'text/html' },
  otherStatuses: {
    404: { description: 'The link is not valid.', media: 'text/html' },
    429: { description: 'Too many attempts.' },
  },
  // The link's secret is the credential: a mail app's one-click POST comes from no page of ours,
  // and the confirmation page's own form is sent with `Origin: null` under its no-referrer policy.
  exemptFrom: ['originCheck'],
} satisfies Partial<RestRoute>

/** What RFC 8058's one-click POST sends, as a form of either kind; the page's button sends none. */
const oneClickForm = {
  type: 'object',
  properties: { [ONE_CLICK_UNSUBSCRIBE.field]: { const: ONE_CLICK_UNSUBSCRIBE.value } },
}

/**
 * SPEC section 7: the signed-in user's own profile. Not in the SPEC: the reminder settings and the
 * digest's unsubscribe link.
 */
export const profileRoutes: RestRoute[] = [
  {
    method: 'put',
    path: '/api/profile',
    summary: 'Change your profile',
    tag: 'Profile',
    access: 'user',
    procedure: 'profile.update',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    path: '/api/reminders',
    summary: 'Your follow-up reminder settings',
    tag: 'Profile',
    access: 'user',
    procedure: 'reminders.settings',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/reminders',
    summary: 'Change your follow-up reminder settings',
    tag: 'Profile',
    access: 'user',
    procedure: 'reminders.update',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/profile/time-zone',
    summary: 'Set your time zone (for reminder emails)',
    tag: 'Profile',
    access: 'user',
    procedure: 'reminders.setTimeZone',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    ...unsubscribeLink,
    summary: 'The page that asks to stop reminder emails',
    description: 'The link from a reminder email; its secret is the credential.',
    procedure: 'reminders.checkUnsubscribeLink',
    serve: unsubscribeQuestion,
  },
  {
    method: 'post',
    ...unsubscribeLink,
    summary: 'Stop reminder emails (one-click unsubscribe, RFC 8058)',
    procedure: 'reminders.unsubscribe',
    requestBody: {
      description: `A mail app’s one-click unsubscribe sends \`${ONE_CLICK_UNSUBSCRIBE.field}=${ONE_CLICK_UNSUBSCRIBE.value}\`; the page’s button sends an empty form. The body is not read.`,
      required: false,
      content: {
        'application/x-www-form-urlencoded': oneClickForm,
        'multipart/form-data': oneClickForm,
      },
    },
    serve: unsubscribeAnswer,
  },
]

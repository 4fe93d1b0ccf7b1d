import { userOutput } from '@fiveconnect/api/schemas'
import type { RestRoute } from '../route.ts'

/** SPEC section 7: the sign-in calls. */
export const authRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/api/login',
    summary: 'Redirect to the sign-in page',
    tag: 'Auth',
    access: 'public',
    success: {
      status: 302,
      media: 'none',
      description: 'Redirects to /login.',
      headers: { Location: { description: 'The sign-in page, `/login`.', required: true } },
    },
    serve: () => [(c) => c.redirect('/login')],
  },
  {
    method: 'post',
    path: '/api/login',
    summary: 'Sign in',
    description: 'Sets the session cookie `fiveconnect_session`.',
    tag: 'Auth',
    access: 'public',
    procedure: 'auth.login',
    input: 'body',
    success: { status: 200, media: 'json' },
    otherStatuses: {
      401: { description: 'Wrong email or password, or the account is deactivated.' },
      429: { description: 'Too many sign-in attempts.' },
    },
  },
  {
    method: 'post',
    path: '/api/register',
    summary: 'Create an attendee account and sign in',
    description: 'Sets the session cookie `fiveconnect_session`.',
    tag: 'Auth',
    access: 'public',
    procedure: 'auth.register',
    input: 'body',
    success: { status: 201, media: 'json' },
    otherStatuses: {
      409: { description: 'The email address is already registered.' },
      429: { description: 'Too many registrations.' },
    },
  },
  {
    method: 'post',
    path: '/api/logout',
    summary: 'Sign out',
    tag: 'Auth',
    access: 'user',
    procedure: 'auth.logout',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    path: '/api/auth/user',
    summary: 'The signed-in user',
    tag: 'Auth',
    access: 'user',
    procedure: 'auth.me',
    success: { status: 200, media: 'json', schema: userOutput },
    // auth.me answers null when no one is signed in; REST answers that as a 401.
    answer: (user) =>
      user ? { status: 200, body: user } : { status: 401, body: { message: 'Unauthorized' } },
  },
  {
    method: 'post',
    path: '/api/auth/forgot-password',
    summary: 'Email a password reset link',
    tag: 'Auth',
    access: 'public',
    procedure: 'auth.forgotPassword',
    input: 'body',
    success: { status: 200, media: 'json' },
    otherStatuses: { 429: { description: 'Too many reset requests.' } },
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset link’s token',
    tag: 'Auth',
    access: 'public',
    procedure: 'auth.resetPassword',
    input: 'body',
    success: { status: 200, media: 'json' },
    otherStatuses: { 429: { description: 'Too many reset attempts.' } },
  },
]

import {
  storeVoiceNoteOutput,
  transcribeConnectionOutput,
  transcribeVoiceOutput,
  userOutput,
} from '@fiveconnect/api/schemas'
import { z } from 'zod'

/** connections.transcribe's answer over REST, where the status code (202 while pending) is the state. */
const restTranscribeAnswer = transcribeConnectionOutput.omit({ state: true })

/** Who may call an operation: anyone, a signed-in user, an admin, or whoever holds the link. */
export type Access = 'public' | 'user' | 'admin' | 'link'

type Media =
  | 'none'
  | 'json'
  | 'text/csv'
  | 'text/vcard'
  | 'text/calendar'
  | 'text/html'
  | 'text/javascript'
  | 'stored-file'
  | 'image'

export type RestOperation = {
  method: 'get' | 'head' | 'post' | 'put' | 'delete'
  /** The OpenAPI path: `{name}` for a path parameter. */
  path: string
  summary: string
  description?: string
  tag: string
  access: Access
  /** The tRPC procedure the route calls; its input and output schemas describe the operation. */
  procedure?: string
  /** Where the procedure's input comes from besides the path: the JSON body or the query. */
  input?: 'body' | 'query'
  /** Accepts the Idempotency-Key header (create calls the offline outbox replays). */
  idempotencyKey?: boolean
  /** The success answer; its JSON schema is the procedure's output unless `schema` is given. */
  success: { status: number; media: Media; schema?: z.ZodType; description?: string }
  /** Answers besides the success and the error statuses every operation of its kind has. */
  otherStatuses?: Record<number, { description: string; media?: Media; schema?: z.ZodType }>
  /** A request body that is not JSON (files). */
  rawBody?: { media: 'multipart/form-data' | 'image'; description: string }
  query?: Record<string, { description: string; required?: boolean }>
  /**
   * A paged list (docs/api-details.md): the procedure answers a page, the route the SPEC's array of
   * its items; `limit` and `cursor` ask for one page, and `Link` and `X-Next-Cursor` name the next.
   */
  paged?: true
}

const healthOutput = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
})

const recordingBody = {
  media: 'multipart/form-data',
  description:
    'The recording as the form field `audio` (WebM, Ogg, MP4, MP3 or WAV; at most 25 MB and 10 minutes).',
} as const

const tooLarge = { description: 'The file is too large.' }

/**
 * Every REST route the server answers (SPEC section 7 and FiveConnect's own), as the OpenAPI
 * document describes it. Routes that call a procedure take their schemas from it.
 */
export const restOperations: RestOperation[] = [
  // Health
  {
    method: 'get',
    path: '/api/health',
    summary: 'Check the server and its database',
    tag: 'Health',
    access: 'public',
    success: { status: 200, media: 'json', schema: healthOutput },
    otherStatuses: {
      503: { description: 'The database is down.', schema: healthOutput },
    },
  },

  // This document and its reference page
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'Reference',
    access: 'public',
    success: { status: 200, media: 'json', schema: z.object({ openapi: z.string() }).loose() },
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'The interactive API reference',
    tag: 'Reference',
    access: 'public',
    success: { status: 200, media: 'text/html' },
  },
  ...['scalar.js', 'start.js'].map((file): RestOperation => ({
    method: 'get',
    path: `/api/docs/${file}`,
    summary: `The reference page’s script ${file}`,
    tag: 'Reference',
    access: 'public',
    success: { status: 200, media: 'text/javascript' },
  })),

  // Auth
  {
    method: 'get',
    path: '/api/login',
    summary: 'Redirect to the sign-in page',
    tag: 'Auth',
    access: 'public',
    success: { status: 302, media: 'none', description: 'Redirects to /login.' },
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

  // Connections
  {
    method: 'get',
    path: '/api/connections',
    summary: 'List your connections',
    description:
      'Newest first, each with its person and event. Not in the SPEC: `eventId`, `type` and `needsFollowUp=true` narrow it to one event, one connection type, or open follow-ups.',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.list',
    paged: true,
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    path: '/api/connections/search',
    summary: 'Search your connections (memory search)',
    description: 'Searches of fewer than 2 characters answer an empty list.',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.search',
    paged: true,
    input: 'query',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'post',
    path: '/api/connections',
    summary: 'Record a connection',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.create',
    input: 'body',
    idempotencyKey: true,
    success: { status: 201, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/connections/{id}',
    summary: 'Change a connection and its person’s contact details',
    description: 'Fields left out stay as they are.',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.update',
    input: 'body',
    success: { status: 200, media: 'json' },
    otherStatuses: { 409: { description: 'Another of your contacts has this email address.' } },
  },
  {
    method: 'delete',
    path: '/api/connections/{id}',
    summary: 'Delete a connection',
    tag: 'Connections',
    access: 'user',
    procedure: 'connections.delete',
    success: { status: 200, media: 'json' },
  },

  // Voice notes
  {
    method: 'post',
    path: '/api/transcribe-voice',
    summary: 'Save a voice note and wait for its transcript',
    description:
      'Past the transcription time-out it answers an empty transcription with a reason; the transcript still lands on the voice note later.',
    tag: 'Voice notes',
    access: 'user',
    rawBody: recordingBody,
    success: { status: 200, media: 'json', schema: transcribeVoiceOutput },
    otherStatuses: { 413: tooLarge, 429: { description: 'Too many transcriptions.' } },
  },
  {
    method: 'post',
    path: '/api/voice-notes',
    summary: 'Save a voice note',
    description: 'Answers at once; the transcript is made in the background.',
    tag: 'Voice notes',
    access: 'user',
    rawBody: recordingBody,
    success: { status: 201, media: 'json', schema: storeVoiceNoteOutput },
    otherStatuses: { 413: tooLarge },
  },
  {
    method: 'post',
    path: '/api/connections/{id}/transcribe',
    summary: 'Ask for the transcript of a connection’s voice note',
    tag: 'Voice notes',
    access: 'user',
    success: { status: 200, media: 'json', schema: restTranscribeAnswer },
    otherStatuses: {
      202: {
        description: 'The transcript is being made.',
        media: 'json',
        schema: restTranscribeAnswer,
      },
      429: { description: 'Too many transcriptions.' },
    },
  },

  // People
  {
    method: 'get',
    path: '/api/people/search',
    summary: 'Find people you met and registered users',
    tag: 'People',
    access: 'user',
    procedure: 'people.search',
    input: 'query',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    path: '/api/people/duplicates',
    summary: 'People you already met who match the details typed so far',
    tag: 'People',
    access: 'user',
    procedure: 'people.listDuplicates',
    input: 'query',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'post',
    path: '/api/people',
    summary: 'Record a person',
    tag: 'People',
    access: 'user',
    procedure: 'people.create',
    input: 'body',
    idempotencyKey: true,
    success: { status: 201, media: 'json' },
    otherStatuses: { 409: { description: 'You already have a contact with this email address.' } },
  },

  // Events
  {
    method: 'get',
    path: '/api/events',
    summary: 'List events, with whether you joined each',
    description:
      'Latest start first. Not in the SPEC: `search` finds text in the title, description or location (ignoring case), and `filter=upcoming` or `filter=attended` narrows it to events starting after now or the ones you joined.',
    tag: 'Events',
    access: 'user',
    procedure: 'events.list',
    paged: true,
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    path: '/api/users/events',
    summary: 'The events you joined',
    tag: 'Events',
    access: 'user',
    procedure: 'events.listJoined',
    paged: true,
    success: { status: 200, media: 'json' },
  },
  {
    method: 'post',
    path: '/api/events/{id}/attend',
    summary: 'Join an event',
    tag: 'Events',
    access: 'user',
    procedure: 'events.join',
    success: { status: 200, media: 'json' },
    otherStatuses: { 409: { description: 'You already joined this event.' } },
  },
  {
    method: 'delete',
    path: '/api/events/{id}/attend',
    summary: 'Leave an event',
    tag: 'Events',
    access: 'user',
    procedure: 'events.leave',
    success: { status: 200, media: 'json' },
    otherStatuses: { 409: { description: 'You have not joined this event.' } },
  },
  {
    method: 'post',
    path: '/api/events',
    summary: 'Create an event',
    tag: 'Events',
    access: 'admin',
    procedure: 'events.create',
    input: 'body',
    success: { status: 201, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/events/{id}',
    summary: 'Change an event',
    tag: 'Events',
    access: 'admin',
    procedure: 'events.update',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'delete',
    path: '/api/events/{id}',
    summary: 'Delete an event',
    description: 'Its connections stay, as personal connections.',
    tag: 'Events',
    access: 'admin',
    procedure: 'events.delete',
    success: { status: 200, media: 'json' },
  },

  // Profile and reminders
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
    path: '/api/reminders/unsubscribe/{token}',
    summary: 'The page that asks to stop reminder emails',
    description: 'The link from a reminder email; its secret is the credential.',
    tag: 'Profile',
    access: 'link',
    procedure: 'reminders.checkUnsubscribeLink',
    success: { status: 200, media: 'text/html' },
    otherStatuses: {
      404: { description: 'The link is not valid.', media: 'text/html' },
      429: { description: 'Too many attempts.' },
    },
  },
  {
    method: 'post',
    path: '/api/reminders/unsubscribe/{token}',
    summary: 'Stop reminder emails (one-click unsubscribe, RFC 8058)',
    tag: 'Profile',
    access: 'link',
    procedure: 'reminders.unsubscribe',
    success: { status: 200, media: 'text/html' },
    otherStatuses: {
      404: { description: 'The link is not valid.', media: 'text/html' },
      429: { description: 'Too many attempts.' },
    },
  },

  // Account
  {
    method: 'get',
    path: '/api/account/export.json',
    summary: 'Download everything the app keeps about you',
    tag: 'Account',
    access: 'user',
    procedure: 'account.exportData',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'delete',
    path: '/api/account',
    summary: 'Delete your account and everything in it',
    tag: 'Account',
    access: 'user',
    procedure: 'account.delete',
    input: 'body',
    success: { status: 200, media: 'json' },
  },

  // Admin
  {
    method: 'get',
    path: '/api/admin/stats',
    summary: 'Totals for the admin dashboard',
    tag: 'Admin',
    access: 'admin',
    procedure: 'admin.stats',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    path: '/api/admin/users',
    summary: 'List users',
    tag: 'Admin',
    access: 'admin',
    procedure: 'admin.listUsers',
    paged: true,
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/admin/users/{id}',
    summary: 'Change a user',
    tag: 'Admin',
    access: 'admin',
    procedure: 'admin.updateUser',
    input: 'body',
    success: { status: 200, media: 'json' },
    otherStatuses: { 409: { description: 'The email address is taken.' } },
  },
  {
    method: 'put',
    path: '/api/admin/users/{id}/password',
    summary: 'Set a user’s password',
    tag: 'Admin',
    access: 'admin',
    procedure: 'admin.setUserPassword',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/admin/users/{id}/deactivate',
    summary: 'Deactivate a user',
    tag: 'Admin',
    access: 'admin',
    procedure: 'admin.deactivateUser',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/admin/users/{id}/reactivate',
    summary: 'Reactivate a user',
    tag: 'Admin',
    access: 'admin',
    procedure: 'admin.reactivateUser',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    path: '/api/admin/audit',
    summary: 'The audit log, newest first',
    description: 'Without `limit` or `cursor`, the latest 100.',
    tag: 'Admin',
    access: 'admin',
    procedure: 'admin.auditLog',
    paged: true,
    success: { status: 200, media: 'json' },
  },
  {
    method: 'get',
    path: '/api/admin/export/{file}',
    summary: 'Download a table as CSV',
    description: '`file` is users.csv, events.csv, people.csv, connections.csv or attendance.csv.',
    tag: 'Admin',
    access: 'admin',
    procedure: 'exports.adminCsv',
    success: { status: 200, media: 'text/csv' },
  },

  // Exports
  {
    method: 'get',
    path: '/api/connections/export.csv',
    summary: 'Download your connections as CSV',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.connectionsCsv',
    success: { status: 200, media: 'text/csv' },
  },
  {
    method: 'get',
    path: '/api/connections/export.vcf',
    summary: 'Download your connections’ contact cards',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.connectionsVcf',
    success: { status: 200, media: 'text/vcard' },
  },
  {
    method: 'get',
    path: '/api/profile/vcard.vcf',
    summary: 'Download your own contact card',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.profileVcf',
    success: { status: 200, media: 'text/vcard' },
  },
  {
    method: 'get',
    path: '/api/connections/{id}/contact.vcf',
    summary: 'Download a connection’s contact card',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.connectionVcf',
    success: { status: 200, media: 'text/vcard' },
  },
  {
    method: 'get',
    path: '/api/connections/{id}/follow-up.ics',
    summary: 'Download a connection’s follow-up as a calendar event',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.followUpIcs',
    success: { status: 200, media: 'text/calendar' },
  },
  {
    method: 'get',
    path: '/api/calendar/{file}',
    summary: 'Your private calendar feed of follow-ups',
    description: '`file` is the feed link’s secret followed by `.ics`; no session is needed.',
    tag: 'Exports',
    access: 'link',
    procedure: 'calendarFeed.ics',
    success: { status: 200, media: 'text/calendar' },
    otherStatuses: { 429: { description: 'Too many requests for feeds.' } },
  },

  // Uploads and stored files
  {
    method: 'post',
    path: '/api/objects/upload',
    summary: 'Get a URL to upload an image to',
    description:
      'PUT the image to the answered `uploadURL`, then confirm it with one of the calls below.',
    tag: 'Files',
    access: 'user',
    procedure: 'uploads.createUploadUrl',
    success: { status: 200, media: 'json' },
    otherStatuses: { 429: { description: 'Over the daily upload quota.' } },
  },
  {
    method: 'put',
    path: '/api/objects/local-upload/incoming/{id}',
    summary: 'Upload an image to a signed URL (local storage)',
    description:
      'The URL `POST /api/objects/upload` answers when files are stored on the server’s disk; with S3 it is the bucket’s own.',
    tag: 'Files',
    access: 'link',
    rawBody: { media: 'image', description: 'The image (at most 10 MB).' },
    query: {
      expires: { description: 'From the signed URL.', required: true },
      signature: { description: 'From the signed URL.', required: true },
    },
    success: { status: 200, media: 'none', description: 'Stored.' },
    otherStatuses: {
      403: { description: 'The link has expired, is not valid, or was used.' },
      413: tooLarge,
    },
  },
  {
    method: 'put',
    path: '/api/connection-photos',
    summary: 'Confirm an uploaded connection photo',
    tag: 'Files',
    access: 'user',
    procedure: 'uploads.confirmConnectionPhoto',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/profile/photo',
    summary: 'Confirm an uploaded profile photo',
    tag: 'Files',
    access: 'user',
    procedure: 'uploads.confirmProfilePhoto',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/event-logos',
    summary: 'Confirm an uploaded event logo',
    tag: 'Files',
    access: 'admin',
    procedure: 'uploads.confirmEventLogo',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  ...(['get', 'head'] as const).flatMap((method) =>
    ['/objects/{id}', '/api/voice-notes/{id}', '/api/voice-notes/uploads/{id}'].map(
      (path): RestOperation => ({
        method,
        path,
        summary: `${method === 'get' ? 'Read' : 'Check'} a stored file${path.includes('voice') ? ' (a voice note)' : ''}`,
        description:
          'For the people allowed to see it; anyone else gets the same 404 as for a missing file. Supports Range requests and If-None-Match.',
        tag: 'Files',
        access: 'public',
        success: { status: 200, media: 'stored-file' },
        otherStatuses: {
          206: { description: 'The requested range.', media: 'stored-file' },
          304: { description: 'Not modified.', media: 'none' },
          404: { description: 'No such file, or not yours to see.' },
          416: { description: 'The range is outside the file.' },
        },
      }),
    ),
  ),
]

import type { RestRoute } from '../route.ts'
import { ATTACHMENT, calendarFeed, download } from '../serve/downloads.ts'

const ICS = '.ics'

/**
 * Downloads: a user's own connections (CSV, vCard) or one of them (vCard), their own contact card,
 * a follow-up as a calendar event, and the private calendar feed.
 */
export const exportRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/api/connections/export.csv',
    summary: 'Download your connections as CSV',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.connectionsCsv',
    success: { status: 200, media: 'text/csv', headers: ATTACHMENT },
    serve: download,
    exemptFrom: ['deadline'],
  },
  {
    method: 'get',
    path: '/api/connections/export.vcf',
    summary: 'Download your connections’ contact cards',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.connectionsVcf',
    success: { status: 200, media: 'text/vcard', headers: ATTACHMENT },
    serve: download,
    exemptFrom: ['deadline'],
  },
  {
    method: 'get',
    path: '/api/profile/vcard.vcf',
    summary: 'Download your own contact card',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.profileVcf',
    success: { status: 200, media: 'text/vcard', headers: ATTACHMENT },
    serve: download,
  },
  {
    method: 'get',
    path: '/api/connections/{id}/contact.vcf',
    summary: 'Download a connection’s contact card',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.connectionVcf',
    success: { status: 200, media: 'text/vcard', headers: ATTACHMENT },
    serve: download,
  },
  {
    method: 'get',
    path: '/api/connections/{id}/follow-up.ics',
    summary: 'Download a connection’s follow-up as a calendar event',
    tag: 'Exports',
    access: 'user',
    procedure: 'exports.followUpIcs',
    success: { status: 200, media: 'text/calendar', headers: ATTACHMENT },
    serve: download,
  },
  {
    method: 'get',
    path: '/api/calendar/{file}',
    summary: 'Your private calendar feed of follow-ups',
    description: '`file` is the feed link’s secret followed by `.ics`; no session is needed.',
    tag: 'Exports',
    access: 'link',
    procedure: 'calendarFeed.ics',
    // Any other name is a link with no secret, which the procedure answers as not found.
    toInput: ({ file }) => {
      const name = String(file)
      return { token: name.endsWith(ICS) ? name.slice(0, -ICS.length) : '' }
    },
    success: {
      status: 200,
      media: 'text/calendar',
      headers: {
        'Content-Disposition': {
          description: '`inline; filename="…"`: the feed, to show rather than save.',
          required: true,
        },
      },
    },
    otherStatuses: { 429: { description: 'Too many requests for feeds.' } },
    serve: calendarFeed,
  },
]

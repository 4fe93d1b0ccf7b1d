import type { RestRoute } from '../route.ts'

/** A user's rights over their own data: a full copy, and deletion. */
export const accountRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/api/account/export.json',
    summary: 'Download everything the app keeps about you',
    tag: 'Account',
    access: 'user',
    procedure: 'account.exportData',
    success: {
      status: 200,
      media: 'json',
      headers: {
        'Content-Disposition': {
          description: 'The file to save it as.',
          value: 'attachment; filename="fiveconnect-my-data.json"',
          required: true,
        },
      },
    },
    exemptFrom: ['deadline'],
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
]

import type { ExportFile } from '@fiveconnect/api/server'
import type { Context } from 'hono'
import type { AppEnv } from '../../http/app-env.ts'
import type { HeaderDoc, Serve } from '../route.ts'

/** How the downloads name their file, as the document declares it. */
export const ATTACHMENT: Record<string, HeaderDoc> = {
  'Content-Disposition': {
    description: '`attachment; filename="…"`: the file to save, by its name.',
    required: true,
  },
}

/**
 * Answers a file to save. A long list's text is sent as it is read, a page of rows at a time and
 * no faster than the client takes it, so a large download never sits whole in the server's memory.
 */
function sendFile(c: Context<AppEnv>, file: ExportFile) {
  const body =
    typeof file.content === 'string'
      ? file.content
      : ReadableStream.from(file.content).pipeThrough(new TextEncoderStream())
  return c.body(body, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
  })
}

/**
 * Downloads: a user's own connections (CSV, vCard) or one of them (vCard), their own contact card, a
 * follow-up as a calendar event, and an admin's CSV of each table. The entry's procedure answers
 * the file.
 */
export const download: Serve = ({ call }) => [
  async (c) => sendFile(c, (await call(c)) as ExportFile),
]

/**
 * The private calendar feed that calendar apps subscribe to: the link's secret is its only
 * credential, so no session or cookie is needed. Unknown and revoked links answer 404.
 */
export const calendarFeed: Serve = ({ call }) => [
  async (c) => {
    const feed = (await call(c)) as ExportFile & { content: string }
    return c.body(feed.content, 200, {
      'Content-Type': feed.contentType,
      'Content-Disposition': `inline; filename="${feed.filename}"`,
      // Each fetch reads the follow-ups as they are now; no cache keeps a copy of a private feed.
      'Cache-Control': 'no-store',
    })
  },
]

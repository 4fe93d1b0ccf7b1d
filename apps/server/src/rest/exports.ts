import type { ExportFile } from '@fiveconnect/api/server'
import type { AdminExportInput } from '@fiveconnect/api/schemas'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { callerFor } from './caller.ts'

/**
 * Answers a file to save. A long list's text is sent as it is read, a page of rows at a time and
 * no faster than the client takes it, so a large download never sits whole in the server's memory.
 */
function download(c: Context<AppEnv>, file: ExportFile) {
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
 * Downloads: a user's own connections (CSV, vCard) or one of them (vCard), their own contact card, a follow-up as a
 * calendar event, and an admin's CSV of each table.
 */
export const exportRoutes = new Hono<AppEnv>()
  .get('/connections/export.csv', async (c) =>
    download(c, await callerFor(c).exports.connectionsCsv()),
  )
  .get('/connections/export.vcf', async (c) =>
    download(c, await callerFor(c).exports.connectionsVcf()),
  )
  .get('/profile/vcard.vcf', async (c) => download(c, await callerFor(c).exports.profileVcf()))
  .get('/connections/:id/contact.vcf', async (c) =>
    download(c, await callerFor(c).exports.connectionVcf({ id: c.req.param('id') })),
  )
  .get('/connections/:id/follow-up.ics', async (c) =>
    download(c, await callerFor(c).exports.followUpIcs({ id: c.req.param('id') })),
  )
  .get('/admin/export/:file', async (c) => {
    // The procedure validates the name; an unknown one is a 400.
    const input = { entity: c.req.param('file').replace(/\.csv$/, '') } as AdminExportInput
    return download(c, await callerFor(c).exports.adminCsv(input))
  })

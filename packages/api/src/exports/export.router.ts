import {
  everyPage,
  type ExportTable,
  exportTables,
  getConnection,
  listConnectionsPage,
  type ConnectionWithDetails,
  type Database,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { connectionIdInput } from '../connections/connection.schema.ts'
import { adminProcedure, protectedProcedure, router } from '../trpc.ts'
import { toCsv, type CsvColumn } from './csv.ts'
import { fileNameOf } from './file-name.ts'
import { followUpEvent, fullNameOf } from './follow-up-event.ts'
import {
  type ADMIN_EXPORT_ENTITIES,
  adminExportInput,
  exportFileOutput,
  exportStreamOutput,
} from './export.schema.ts'
import { toICalendar } from './icalendar.ts'
import { toVCard } from './vcard.ts'

const CSV = 'text/csv; charset=utf-8'

// Rows read per query while a list downloads: a few hundred kB of text at a time.
const ROWS_PER_READ = 500

/** The caller's connections, newest first, a page at a time. */
function ownConnections(ctx: { db: Database; user: { id: string } }) {
  return everyPage((page) => listConnectionsPage(ctx.db, ctx.user.id, page), ROWS_PER_READ)
}

const ownConnectionColumns: CsvColumn<ConnectionWithDetails>[] = [
  { header: 'Connected', value: (row) => row.createdAt },
  { header: 'First name', value: (row) => row.person.firstName },
  { header: 'Last name', value: (row) => row.person.lastName },
  { header: 'Email', value: (row) => row.person.email },
  { header: 'Mobile', value: (row) => row.person.mobile },
  { header: 'Company', value: (row) => row.person.company },
  { header: 'Title', value: (row) => row.person.title },
  { header: 'LinkedIn', value: (row) => row.person.linkedin },
  { header: 'Website', value: (row) => row.person.website },
  { header: 'Event', value: (row) => row.event?.title },
  { header: 'Connection types', value: (row) => row.connectionTypes },
  { header: 'Focus', value: (row) => row.connectionFocus },
  { header: 'Notes', value: (row) => row.notes },
  { header: 'Voice note transcription', value: (row) => row.voiceNoteTranscription },
]

function noteFor(connection: ConnectionWithDetails): string | null {
  const parts = [
    connection.event && `Met at ${connection.event.title}`,
    connection.connectionTypes.length > 0 && `Types: ${connection.connectionTypes.join(', ')}`,
    connection.connectionFocus && `Focus: ${connection.connectionFocus}`,
    connection.notes,
  ].filter((part): part is string => Boolean(part))
  return parts.length > 0 ? parts.join('\n') : null
}

async function* vCardsOf(batches: AsyncIterable<ConnectionWithDetails[]>): AsyncGenerator<string> {
  for await (const rows of batches) {
    yield rows.map((row) => `${toVCard({ ...row.person, note: noteFor(row) })}\r\n`).join('')
  }
}

const adminExports: Record<(typeof ADMIN_EXPORT_ENTITIES)[number], ExportTable> = exportTables

export const exportRouter = router({
  connectionsCsv: protectedProcedure.output(exportStreamOutput).query(({ ctx }) => ({
    filename: 'fiveconnect-connections.csv',
    contentType: CSV,
    content: toCsv(ownConnectionColumns, ownConnections(ctx)),
  })),

  connectionsVcf: protectedProcedure.output(exportStreamOutput).query(({ ctx }) => ({
    filename: 'fiveconnect-connections.vcf',
    contentType: 'text/vcard; charset=utf-8',
    content: vCardsOf(ownConnections(ctx)),
  })),

  /** One connection's person as a contact card, with where and why they met as its note. */
  connectionVcf: protectedProcedure
    .input(connectionIdInput)
    .output(exportFileOutput)
    .query(async ({ ctx, input }) => {
      const connection = await getConnection(ctx.db, { id: input.id, authorId: ctx.user.id })
      if (!connection) throw new TRPCError({ code: 'NOT_FOUND', message: 'Connection not found.' })
      const { person } = connection
      return {
        filename: `${fileNameOf(`${person.firstName} ${person.lastName}`)}.vcf`,
        contentType: 'text/vcard; charset=utf-8',
        content: `${toVCard({ ...person, note: noteFor(connection) })}\r\n`,
      }
    }),

  /** The caller's own contact card, to share (the profile screen shows it as a QR code). */
  profileVcf: protectedProcedure.output(exportFileOutput).query(({ ctx }) => {
    const { user } = ctx
    return {
      filename: `${fileNameOf(`${user.firstName} ${user.lastName}`)}.vcf`,
      contentType: 'text/vcard; charset=utf-8',
      content: `${toVCard({ ...user, title: null, note: null })}\r\n`,
    }
  }),

  followUpIcs: protectedProcedure
    .input(connectionIdInput)
    .output(exportFileOutput)
    .query(async ({ ctx, input }) => {
      const connection = await getConnection(ctx.db, { id: input.id, authorId: ctx.user.id })
      if (!connection) throw new TRPCError({ code: 'NOT_FOUND', message: 'Connection not found.' })
      if (!connection.followUpOn) {
        throw new TRPCError({
          code: 'NOT_FOUND',
          message: 'This connection has no follow-up date.',
        })
      }
      const { person } = connection
      const contact = [person.email, person.mobile].filter(Boolean).join(' · ')
      const details = [contact, noteFor(connection)].filter(Boolean).join('\n')
      const event = followUpEvent(
        { connectionId: connection.id, day: connection.followUpOn, person },
        { description: details || null, appUrl: ctx.appUrl, generatedAt: new Date() },
      )
      return {
        filename: `follow-up-${fileNameOf(fullNameOf(person))}.ics`,
        contentType: 'text/calendar; charset=utf-8',
        content: toICalendar([event]),
      }
    }),

  adminCsv: adminProcedure
    .input(adminExportInput)
    .output(exportStreamOutput)
    .query(({ ctx, input }) => {
      const table = adminExports[input.entity]
      // Every field of the row, named as in the database.
      const columns: CsvColumn<Record<string, unknown>>[] = table.columns.map((key) => ({
        header: key,
        value: (row) => row[key],
      }))
      return {
        filename: `fiveconnect-${input.entity}.csv`,
        contentType: CSV,
        content: toCsv(
          columns,
          everyPage((page) => table.page(ctx.db, page), ROWS_PER_READ),
        ),
      }
    }),
})

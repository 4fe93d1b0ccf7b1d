import { z } from 'zod'

export const ADMIN_EXPORT_ENTITIES = [
  'users',
  'events',
  'people',
  'connections',
  'attendance',
] as const

export const adminExportInput = z.object({
  entity: z.enum(ADMIN_EXPORT_ENTITIES, { error: 'Unknown export' }),
})

export type AdminExportInput = z.input<typeof adminExportInput>

/** A file to download whole: one contact card or calendar, small enough to answer as text. */
export const exportFileOutput = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.string(),
})

function isTextStream(value: unknown): value is AsyncIterable<string> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value
}

/**
 * A file to download as it is written: a list that may be long, its text read from the database a
 * page at a time while the download runs, so the server never holds the whole file.
 */
export const exportStreamOutput = exportFileOutput.extend({
  content: z.custom<AsyncIterable<string>>(isTextStream),
})

export type ExportFile = z.output<typeof exportFileOutput> | z.output<typeof exportStreamOutput>

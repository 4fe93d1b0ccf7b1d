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

/** A file to download: what every export call answers. */
export const exportFileOutput = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.string(),
})

export type ExportFile = z.output<typeof exportFileOutput>

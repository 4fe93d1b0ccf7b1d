import { parseArgs } from 'node:util'
import { createBackup } from '../backup/archive.ts'
import { runCommand } from './run-command.ts'

const { values } = parseArgs({ options: { out: { type: 'string' } } })

await runCommand(async (env) => {
  const stamp = new Date()
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z')
  const { file, manifest } = await createBackup(
    env,
    values.out ?? `fiveconnect-backup-${stamp}.tar.gz`,
  )
  const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0)
  console.info(
    `Backed up the ${manifest.database.driver} database (${rows} rows) and ${manifest.objects.length} stored objects to ${file}.`,
  )
})

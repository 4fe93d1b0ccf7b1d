import { parseArgs } from 'node:util'
import { restoreBackup } from '../backup/archive.ts'
import { runCommand } from './run-command.ts'

const usage = 'Usage: pnpm restore <archive.tar.gz> [--force]'

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
})
const [file] = positionals
if (!file || positionals.length > 1) {
  console.error(usage)
  process.exit(1)
}

await runCommand(async (env) => {
  const { manifest, replaced } = await restoreBackup(env, file, { force: values.force })
  console.info(
    `Restored the backup of ${manifest.createdAt}${replaced ? ', replacing what was there' : ''}: the database and ${manifest.objects.length} stored objects. Start the server: it migrates the database as usual.`,
  )
})

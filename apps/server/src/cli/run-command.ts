import { BackupError } from '../backup/backup-error.ts'
import { invocationFolder, loadEnv, type Env } from '../env.ts'

/**
 * Runs an operator command with the server's environment. pnpm runs package scripts in the
 * package's folder, so relative paths (DATA_DIR, archives) are read from where pnpm was started,
 * as the operator typed them.
 */
export async function runCommand(command: (env: Env) => Promise<void>): Promise<void> {
  process.chdir(invocationFolder())
  try {
    await command(loadEnv())
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : error)
    process.exit(1)
  }
}

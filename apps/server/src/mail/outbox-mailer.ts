import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Mailer, MailMessage } from '@fiveconnect/api'
import { logger } from '../logging/logger.ts'

export type OutboxEntry = MailMessage & { sentAt: string }

/**
 * The embedded mail driver: each message is kept as a JSON file, so someone running the app
 * without an SMTP server can still open a password reset link. The log names the file, never the
 * address or the text (which holds the link's token).
 */
export function createOutboxMailer(
  dir: string,
  log: (line: string) => void = (line) => logger.info(line),
): Mailer {
  // Orders messages sent within the same millisecond, which the time alone would leave to chance.
  let sequence = 0
  return {
    async send(message) {
      await mkdir(dir, { recursive: true })
      const sentAt = new Date().toISOString()
      sequence += 1
      const order = String(sequence).padStart(9, '0')
      const file = join(dir, `${sentAt.replace(/[:.]/g, '-')}-${order}-${randomUUID()}.json`)
      await writeFile(file, JSON.stringify({ ...message, sentAt } satisfies OutboxEntry, null, 2))
      log(`Email "${message.subject}" saved to the outbox: ${file}`)
    },
  }
}

/** Messages in the outbox, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json')).sort()
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxEntry),
  )
}

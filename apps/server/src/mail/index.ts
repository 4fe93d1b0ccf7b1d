import { join } from 'node:path'
import type { Mailer } from '@fiveconnect/api'
import type { Env } from '../env.ts'
import { createOutboxMailer } from './outbox-mailer.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

export function outboxDir(env: Pick<Env, 'DATA_DIR'>): string {
  return join(env.DATA_DIR, 'outbox')
}

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): Mailer {
  return env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createOutboxMailer(outboxDir(env))
}

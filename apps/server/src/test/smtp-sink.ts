import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { createSmtpMailer } from '../mail/smtp-mailer.ts'

export type SinkMail = { from: string; to: string[]; raw: string }

/**
 * A real SMTP server on loopback, for tests of what the SMTP mailer sends. `accept` decides each
 * mail once it has arrived, and may take its time: true keeps it in `received`, false refuses it,
 * quoting the address as real servers do.
 */
export async function startSmtpSink(
  accept: (mail: SinkMail) => boolean | Promise<boolean> = () => true,
) {
  const received: SinkMail[] = []
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        void Promise.resolve(accept(mail)).then((accepted) => {
          if (!accepted) return callback(new Error(`Mailbox unavailable: <${mail.to.join(', ')}>`))
          received.push(mail)
          callback()
        })
      })
    },
  })
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve))
  const url = `smtp://127.0.0.1:${String((sink.server.address() as AddressInfo).port)}`
  return {
    url,
    received,
    /** The SMTP mailer, sending to this sink. */
    mailer: (from = 'no-reply@test') => createSmtpMailer({ url, from }),
    close: () => new Promise<void>((resolve) => sink.close(() => resolve())),
  }
}

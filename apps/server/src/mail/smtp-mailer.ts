import type { Mailer } from '@fiveconnect/api'
import type { Transporter } from 'nodemailer'

/**
 * Sends through SMTP_URL. nodemailer (3 MB of heap) loads with the first message, as every optional
 * client does (docs/benchmarks.md); env.ts has already checked that the URL is one.
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  let transport: Promise<Transporter> | undefined
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(options.url))
      await (await transport).sendMail({ from: options.from, ...message })
    },
  }
}

import type { Mailer } from '@fiveconnect/api'
import { createTransport } from 'nodemailer'

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport(options.url)
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message })
    },
  }
}

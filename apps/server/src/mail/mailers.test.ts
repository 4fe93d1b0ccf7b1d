import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboxMailer, readOutbox } from './outbox-mailer.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

type Received = { from: string; to: string[]; data: string }

describe('SMTP mailer', () => {
  const received: Received[] = []
  let sink: SMTPServer
  let port: number

  beforeAll(async () => {
    // A real SMTP server on loopback that keeps what it is sent.
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve))
    port = (sink.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())))

  it('delivers the message to the SMTP server', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'FiveConnect <no-reply@fiveconnect.test>',
    })
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: 'Open this link',
    })
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({
      from: 'no-reply@fiveconnect.test',
      to: ['ada@example.com'],
    })
    expect(received[0]?.data).toContain('Subject: Reset your password')
    expect(received[0]?.data).toContain('Open this link')
  })
})

describe('outbox mailer', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fiveconnect-outbox-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('keeps every message in order and logs where, without the address or the text', async () => {
    const logged: string[] = []
    const mailer = createOutboxMailer(join(dir, 'outbox'), (line) => logged.push(line))
    await mailer.send({ to: 'one@example.com', subject: 'First', text: 'link one' })
    await mailer.send({ to: 'two@example.com', subject: 'Second', text: 'link ?token=two' })
    const mails = await readOutbox(join(dir, 'outbox'))
    expect(mails.map((mail) => mail.to)).toEqual(['one@example.com', 'two@example.com'])
    expect(mails[1]?.text).toBe('link ?token=two')
    expect(logged[1]).toMatch(/^Email "Second" saved to the outbox: .*outbox\/.*\.json$/)
    expect(logged.join('\n')).not.toMatch(/example\.com|link/)
  })

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(join(dir, 'missing'))).toEqual([])
  })
})

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboxMailer, readOutbox } from './outbox-mailer.ts'
import { startSmtpSink } from '../test/smtp-sink.ts'

describe('SMTP mailer', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(() => sink.close())

  it('delivers the message to the SMTP server', async () => {
    const mailer = sink.mailer('FiveConnect <no-reply@fiveconnect.test>')
    const { received } = sink
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
    expect(received[0]?.raw).toContain('Subject: Reset your password')
    expect(received[0]?.raw).toContain('Open this link')
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

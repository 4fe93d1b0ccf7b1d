import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { captureLogs } from '../test/logs.ts'
import { startSmtpSink } from '../test/smtp-sink.ts'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

// A real SMTP server on loopback that takes each mail only when the test says so, or refuses it.
let answerMail: (accept: boolean) => void = () => {}
let mailAnswer = new Promise<boolean>((resolve) => (answerMail = resolve))
const delivered: string[][] = []
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let t: TestApp

beforeAll(async () => {
  sink = await startSmtpSink(async (mail) => {
    const accept = await mailAnswer
    if (accept) delivered.push(mail.to)
    return accept
  })
  t = await createTestApp({ mailer: sink.mailer() })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const REPLY = {
  message: 'If an account exists for that email, a password reset link is on its way.',
}

describe('the password reset mail', () => {
  it('goes out after the answer, so a slow mail server does not show whether the address is known', async () => {
    const user = await registerUser(t)
    const response = await t.request('/api/auth/forgot-password', { body: { email: user.email } })
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual(REPLY)
    expect(delivered).toEqual([])

    answerMail(true)
    await vi.waitFor(() => expect(delivered).toEqual([[user.email]]))
  })

  it('that fails to send is logged without the address, and the person gets the usual answer', async () => {
    mailAnswer = new Promise((resolve) => (answerMail = resolve))
    answerMail(false)
    const logs = captureLogs()
    const user = await registerUser(t)
    const response = await t.request('/api/auth/forgot-password', { body: { email: user.email } })
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual(REPLY)
    await vi.waitFor(() =>
      expect(logs.entries().filter((entry) => entry.level === 50)).toHaveLength(1),
    )
    expect(logs.text()).not.toContain(user.email)
    // Logged after the answer, and still under the request's id.
    const [error] = logs.entries().filter((entry) => entry.level === 50)
    expect(error).toMatchObject({
      msg: 'A task after the response failed',
      reqId: response.headers.get('X-Request-Id'),
    })
  })
})

import type { RunningApp } from '@fiveconnect/e2e/app-server'
import type { SinkMail } from '@fiveconnect/server/test/smtp-sink'
import { UPLOAD_FILES_PER_DAY } from './cluster.ts'
import { VirtualUser } from './virtual-user.ts'

/** One property of the cluster: what a user should see, and what they saw. */
export type Check = { check: string; expected: string; found: string; ok: boolean }

const ignore = () => {}

async function registered(baseUrl: string, name: string, via = baseUrl) {
  const user = new VirtualUser(baseUrl, `${name}@example.com`, `${name}-password-1`, ignore)
  const answer = await user.call('register', `${via}/api/register`, {
    body: {
      email: user.email,
      password: user.password,
      confirmPassword: user.password,
      firstName: 'Cluster',
      lastName: name,
    },
  })
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`Registering ${user.email} answered ${answer.status}`)
  return user
}

/**
 * Straight at two instances, past the load balancer: a session made on one is honoured by the
 * other and refused by it on the very next request once ended there; wrong passwords and uploads
 * count against limits both instances share.
 */
export async function checkSharedState(url: string, [a, b]: RunningApp[]): Promise<Check[]> {
  if (!a || !b) throw new Error('Two instances are needed')
  const checks: Check[] = []
  const check = (name: string, expected: string, found: string) =>
    checks.push({ check: name, expected, found, ok: expected === found })

  const traveller = await registered(url, 'cluster-session', a.url)
  const onB = await traveller.call('session', `${b.url}/api/auth/user`)
  const signedOut = await traveller.call('session', `${b.url}/api/logout`, { body: {} })
  const afterOnA = await traveller.call('session', `${a.url}/api/auth/user`)
  check(
    'session made on A: on B, sign out on B, then on A',
    '200 200 401',
    `${onB.status} ${signedOut.status} ${afterOnA.status}`,
  )

  // The per-account limit on password guessing is 10 in 15 minutes.
  const guessed = await registered(url, 'cluster-guessed')
  const guesses: number[] = []
  for (let attempt = 0; attempt < 12; attempt++) {
    const answer = await guessed.call('guess', `${(attempt % 2 ? b : a).url}/api/login`, {
      body: { email: guessed.email, password: `wrong-${attempt}` },
    })
    guesses.push(answer.status)
  }
  check(
    'wrong passwords alternating A/B: 10 refused 401, then 429 on both',
    `${'401 '.repeat(10)}429 429`,
    guesses.join(' '),
  )

  const uploader = await registered(url, 'cluster-uploader')
  const grants = { A: 0, B: 0 }
  const refusedOn: string[] = []
  for (let attempt = 0; attempt < UPLOAD_FILES_PER_DAY + 2; attempt++) {
    const instance = attempt % 2 ? 'B' : 'A'
    const answer = await uploader.call(
      'upload',
      `${(attempt % 2 ? b : a).url}/api/objects/upload`,
      {
        body: {},
      },
    )
    if (answer.status === 200) grants[instance]++
    else refusedOn.push(`${instance} ${answer.status}`)
  }
  check(
    `upload URLs alternating A/B: ${UPLOAD_FILES_PER_DAY} a day in all, then 429 on both`,
    `A ${UPLOAD_FILES_PER_DAY / 2} + B ${UPLOAD_FILES_PER_DAY / 2}; A 429, B 429`,
    `A ${grants.A} + B ${grants.B}; ${refusedOn.join(', ')}`,
  )
  return checks
}

/**
 * Users whose reminder digest is due now (a follow-up today, reminders at 00:00 UTC), made
 * through the load balancer: each must get exactly one digest, however many instances run it.
 */
export async function digestRecipients(url: string, count: number): Promise<string[]> {
  const today = new Date().toISOString().slice(0, 10)
  const emails: string[] = []
  for (let index = 0; index < count; index++) {
    const user = await registered(url, `cluster-digest${index}`)
    await user.call('reminders', '/api/reminders', {
      method: 'PUT',
      body: { enabled: true, hour: 0 },
    })
    await user.call('time zone', '/api/profile/time-zone', {
      method: 'PUT',
      body: { timeZone: 'UTC' },
    })
    const person = await user.call('add', '/api/people', {
      body: { firstName: 'Due', lastName: `Today ${index}` },
    })
    const personId = (person.data as { id?: string } | undefined)?.id
    const connection = await user.call('add', '/api/connections', {
      body: { personId, followUpOn: today },
    })
    if (connection.status !== 201) throw new Error(`A due follow-up answered ${connection.status}`)
    emails.push(user.email)
  }
  return emails
}

/** How many digests each recipient got: every count must be one. */
export function digestsReceived(mails: SinkMail[], recipients: string[]) {
  const counts = recipients.map(
    (email) =>
      mails.filter(
        (mail) => mail.to.includes(email) && /^Subject: Your follow-ups for/m.test(mail.raw),
      ).length,
  )
  return {
    recipients: recipients.length,
    sentOnce: counts.filter((count) => count === 1).length,
    sentTwiceOrMore: counts.filter((count) => count > 1).length,
    notSent: counts.filter((count) => count === 0).length,
  }
}

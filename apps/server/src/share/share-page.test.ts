import { RATE_LIMIT_POLICIES } from '@fiveconnect/api/server'
import type { ShareSettings } from '@fiveconnect/api/schemas'
import { createEvent, joinEvent } from '@fiveconnect/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerUser, TEST_APP_URL, type TestApp } from '../test/test-app.ts'
import { trpcMutation } from '../test/trpc-calls.ts'

const HOUR = 60 * 60_000
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    trustProxy: true,
    rateLimits: {
      ...RATE_LIMIT_POLICIES,
      'share-send:link': { limit: 4, windowMs: HOUR },
      'share-send:address': { limit: 2, windowMs: HOUR },
    },
  })
})
afterAll(() => t.close())

type Owner = Awaited<ReturnType<typeof registerUser>> & { token: string }

/** A user with a share link, joined to an event happening now. */
async function ownerWithLink(fields = ['company', 'email']): Promise<Owner> {
  const user = await registerUser(t, { firstName: 'Ada', lastName: 'Lovelace' })
  const settings = await trpcMutation<ShareSettings>(t, user.cookie, 'share.createLink', { fields })
  const token = settings.url?.split('/c/')[1] ?? ''
  return { ...user, token }
}

let ipCounter = 0
/** Each form from its own address, unless a test names one. */
function send(token: string, fields: Record<string, string>, ip = `10.1.0.${++ipCounter}`) {
  return t.request(`/c/${token}`, {
    body: new URLSearchParams({ consent: 'yes', ...fields }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': ip,
    },
  })
}

type HomeConnection = {
  id: string
  notes: string | null
  event: { title: string } | null
  person: { firstName: string; email: string | null; company: string | null; title: string | null }
}
async function homeOf(owner: Owner) {
  const response = await t.request(
    `/api/trpc/home.summary?input=${encodeURIComponent(JSON.stringify({ json: { today: new Date().toISOString().slice(0, 10) } }))}`,
    { cookie: owner.cookie },
  )
  const body = (await response.json()) as {
    result: { data: { json: { sharedWithYou: HomeConnection[]; totalConnections: number } } }
  }
  return body.result.data.json
}

describe('share page', () => {
  it("shows the owner's chosen fields, with no script and its own strict policy", async () => {
    const owner = await ownerWithLink(['company'])
    const response = await t.request(`/c/${owner.token}`)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('unsafe-inline')
    const page = await response.text()
    expect(page).toContain('<h1 id="card-name">Ada Lovelace</h1>')
    expect(page).not.toContain(owner.email)
    expect(page).not.toContain('<script')
    expect(page).toContain(`href="/c/${owner.token}/contact.vcf"`)

    const vcf = await t.request(`/c/${owner.token}/contact.vcf`)
    expect(vcf.headers.get('content-type')).toBe('text/vcard; charset=utf-8')
    expect(await vcf.text()).toContain('FN:Ada Lovelace')
  })

  it("files what is sent back on the owner's event of the day, and merges a second sending", async () => {
    const owner = await ownerWithLink()
    const event = await createEvent(t.db, {
      title: 'Open Source Summit',
      description: null,
      startDateTime: new Date(),
      endDateTime: null,
      location: null,
      logoUrl: null,
      createdBy: owner.id,
    })
    await joinEvent(t.db, { eventId: event.id, userId: owner.id })

    const first = await send(owner.token, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'Grace@Example.com',
      company: '',
      note: 'Talked about compilers',
    })
    expect(first.status).toBe(200)
    expect(await first.text()).toContain('Your details are on their way to Ada.')
    const second = await send(owner.token, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      company: 'US Navy',
      title: 'Rear Admiral',
    })
    expect(second.status).toBe(200)

    const home = await homeOf(owner)
    expect(home.totalConnections).toBe(1)
    expect(home.sharedWithYou).toHaveLength(1)
    expect(home.sharedWithYou[0]).toMatchObject({
      notes: 'Talked about compilers',
      event: { title: 'Open Source Summit' },
      person: {
        firstName: 'Grace',
        email: 'grace@example.com',
        company: 'US Navy',
        title: 'Rear Admiral',
      },
    })
  })

  it('shows the form again with the problem when input is refused', async () => {
    const owner = await ownerWithLink()
    const response = await send(owner.token, { firstName: 'Grace', lastName: '', email: 'x' })
    expect(response.status).toBe(400)
    const page = await response.text()
    expect(page).toContain('role="alert">Last name is required</p>')
    expect(page).toContain('value="Grace"')
    expect((await homeOf(owner)).totalConnections).toBe(0)
  })
})

describe('share page abuse', () => {
  it('answers 404 once the owner turns the link off, and for links that never were', async () => {
    const owner = await ownerWithLink()
    await trpcMutation(t, owner.cookie, 'share.turnOff', undefined)
    for (const path of [`/c/${owner.token}`, `/c/${owner.token}/contact.vcf`, '/c/nope']) {
      const response = await t.request(path)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('This contact page does not exist or was turned off.')
    }
    const sent = await send(owner.token, { firstName: 'Mallory', lastName: 'M' })
    expect(sent.status).toBe(404)
    expect((await homeOf(owner)).totalConnections).toBe(0)

    const renewed = await trpcMutation<ShareSettings>(t, owner.cookie, 'share.createLink', {
      fields: ['company'],
    })
    expect(renewed.url).toMatch(new RegExp(`^${TEST_APP_URL}/c/[\\w-]{16}$`))
    expect(renewed.url).not.toContain(owner.token)
  })

  it('drops a form whose hidden field a bot filled, answering as if it were sent', async () => {
    const owner = await ownerWithLink()
    const response = await send(owner.token, {
      firstName: 'Spam',
      lastName: 'Bot',
      website: 'https://spam.example',
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Your details are on their way to Ada.')
    expect((await homeOf(owner)).totalConnections).toBe(0)
  })

  it('limits sendings per link and per email with 429 and Retry-After', async () => {
    const owner = await ownerWithLink()
    for (let i = 0; i < 2; i++) {
      expect(
        (await send(owner.token, { firstName: 'A', lastName: `${i}`, email: 'same@example.com' }))
          .status,
      ).toBe(200)
    }
    const sameEmail = await send(owner.token, {
      firstName: 'A',
      lastName: '3',
      email: 'same@example.com',
    })
    expect(sameEmail.status).toBe(429)
    expect(Number(sameEmail.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(await sameEmail.text()).toContain(
      'Too many attempts. Please wait 60 minutes and try again.',
    )

    expect((await send(owner.token, { firstName: 'B', lastName: 'B' })).status).toBe(200)
    const overLink = await send(owner.token, { firstName: 'C', lastName: 'C' })
    expect(overLink.status).toBe(429)
    expect(overLink.headers.get('retry-after')).toMatch(/^\d+$/)

    const other = await ownerWithLink()
    expect((await send(other.token, { firstName: 'D', lastName: 'D' })).status).toBe(200)
  })

  it('refuses a body larger than a form needs', async () => {
    const owner = await ownerWithLink()
    const response = await send(owner.token, {
      firstName: 'A',
      lastName: 'B',
      note: 'x'.repeat(20_000),
    })
    expect(response.status).toBe(413)
    expect((await homeOf(owner)).totalConnections).toBe(0)
  })

  it('never delivers to another user: each link files only with its owner', async () => {
    const [ada, bob] = [await ownerWithLink(), await ownerWithLink()]
    expect(
      (await send(ada.token, { firstName: 'Only', lastName: 'Ada', email: 'o@example.com' }))
        .status,
    ).toBe(200)
    expect((await homeOf(ada)).sharedWithYou.map((c) => c.person.firstName)).toEqual(['Only'])
    expect((await homeOf(bob)).totalConnections).toBe(0)
  })

  it('answers the same whether or not the email is a registered user', async () => {
    const owner = await ownerWithLink()
    const registered = await registerUser(t)
    const pages = await Promise.all(
      [registered.email, 'nobody@example.com'].map(async (email) =>
        (await send(owner.token, { firstName: 'E', lastName: 'E', email })).text(),
      ),
    )
    expect(pages[0]).toBe(pages[1])
  })
})

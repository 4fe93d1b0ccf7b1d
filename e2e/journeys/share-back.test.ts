import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { APIRequestContext, Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, seriousA11yViolations, skipWelcome } from '../src/browser.ts'
import { registerThroughForm } from '../src/register.ts'

const run = promisify(execFile)
const OWNER = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  password: 'sunlit-harbor-7',
}
const VISITOR = {
  firstName: 'Linus',
  lastName: 'Pauling',
  email: 'linus@caltech.example',
  company: 'Caltech',
}
const EVENT_TITLE = 'Share Summit'
const SLOW = { timeout: 15_000 }

let app: RunningApp
let browser: Browser
let downloads: string

beforeAll(async () => {
  downloads = await mkdtemp(join(tmpdir(), 'fiveconnect-e2e-share-'))
  ;[app, browser] = await Promise.all([startApp(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (downloads) await rm(downloads, { recursive: true, force: true })
})

async function post(request: APIRequestContext, path: string, data: object) {
  const response = await request.post(`${app.url}${path}`, { data, headers: { Origin: app.url } })
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}

/** The event happening today, made by the admin: the share page files what is sent back there. */
async function createTodaysEvent(): Promise<string> {
  const context = await browser.newContext()
  await post(context.request, '/api/login', ADMIN)
  const event = await post(context.request, '/api/events', {
    title: EVENT_TITLE,
    startDateTime: new Date().toISOString(),
    location: 'Hall A',
  })
  await context.close()
  return String(event.id)
}

/** Fills in and sends the share page's 'Send your details back' form. */
async function sendDetailsBack(page: Page, details: Record<string, string>) {
  for (const [label, value] of Object.entries(details)) await page.getByLabel(label).fill(value)
  await page.getByLabel(/I agree that Grace keeps these details/).check()
  await page.getByRole('button', { name: 'Send my details' }).click()
  await page.getByText('Your details are on their way to Grace.').waitFor()
}

type ListedConnection = {
  event: { title: string } | null
  person: {
    email: string | null
    mobile: string | null
    title: string | null
    company: string | null
  }
}

describe('journey: a person without an account sends their details back', () => {
  it('saves the card from the QR link, sends details back, and lands once on today’s event', async () => {
    const eventId = await createTodaysEvent()
    const owner = await (await browser.newContext(PHONE)).newPage()
    await skipWelcome(owner.context())
    await registerThroughForm(owner, app.url, OWNER)
    await post(owner.context().request, `/api/events/${eventId}/attend`, {})

    await owner.goto(`${app.url}/profile`)
    await owner.getByRole('button', { name: 'Share my contact' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Share your contact' })
    await dialog.getByRole('button', { name: 'Create share page' }).click()
    await dialog.getByRole('img', { name: 'QR code of your share page link' }).waitFor()
    const link = await dialog.getByRole('textbox', { name: 'Your share page link' }).inputValue()
    expect(link).toMatch(new RegExp(`^${app.url}/c/[\\w-]{16}$`))

    // The person met has no account: a fresh browser, as their phone's camera opens the link.
    const visitor = await (await browser.newContext({ ...PHONE, acceptDownloads: true })).newPage()
    await visitor.goto(link)
    await visitor.getByRole('heading', { name: 'Grace Hopper' }).waitFor()
    expect(await seriousA11yViolations(visitor)).toEqual([])
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('link', { name: 'Save contact' }).click(),
    ])
    const file = join(downloads, download.suggestedFilename())
    await download.saveAs(file)
    const { stdout } = await run('/usr/bin/python3', [
      '-c',
      'import sys, vobject\ncard = vobject.readOne(open(sys.argv[1]).read())\nprint(card.fn.value)\nprint(card.email.value)',
      file,
    ])
    expect(stdout.trim().split('\n')).toEqual(['Grace Hopper', OWNER.email])

    await sendDetailsBack(visitor, {
      'First name': VISITOR.firstName,
      'Last name': VISITOR.lastName,
      Email: VISITOR.email,
      Company: VISITOR.company,
      Note: 'Ask about the protein folding talk.',
    })

    await owner.goto(`${app.url}/`)
    const shared = owner.getByRole('region', { name: 'Shared with you' })
    await shared.getByRole('button', { name: /Linus Pauling/ }).waitFor(SLOW)
    await shared.getByText(`at ${EVENT_TITLE}`).waitFor()

    // The same person again, now with a phone and a title: merged into the first, not a second.
    await visitor.goto(link)
    await sendDetailsBack(visitor, {
      'First name': VISITOR.firstName,
      'Last name': VISITOR.lastName,
      Email: VISITOR.email.toUpperCase(),
      Phone: '+1 626 395 6811',
      Title: 'Professor',
    })
    const listed = (await (
      await owner.context().request.get(`${app.url}/api/connections`)
    ).json()) as ListedConnection[]
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({
      event: { title: EVENT_TITLE },
      person: {
        email: VISITOR.email,
        company: VISITOR.company,
        mobile: '+1 626 395 6811',
        title: 'Professor',
      },
    })
    await owner.reload()
    await expect
      .poll(
        () => owner.getByText('Total Connections', { exact: true }).locator('..').textContent(),
        SLOW,
      )
      .toMatch(/^1\s*Total Connections$/)
  })
})

import type { BrowserContext } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import { PHONE, seriousA11yViolations, skipWelcome } from '../src/browser.ts'
import { appAndBrowser } from '../src/journey.ts'

const USER = { email: 'ada@example.com', password: 'correct horse' }
// Far from the machine's own zone, so the hour and the day are the browser's, not the server's.
const TIME_ZONE = 'Pacific/Kiritimati'

const journey = appAndBrowser()

async function post(context: BrowserContext, path: string, data: object) {
  const response = await context.request.post(`${journey.app.url}${path}`, {
    data,
    headers: { Origin: journey.app.url },
  })
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}

const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())

describe('journey: the daily follow-up reminder email', () => {
  it('is set in Profile, links to the connection and unsubscribes in one click', async () => {
    const context = await journey.browser.newContext({ ...PHONE, timezoneId: TIME_ZONE })
    await skipWelcome(context)
    await post(context, '/api/register', {
      ...USER,
      confirmPassword: USER.password,
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    const person = await post(context, '/api/people', { firstName: 'Grace', lastName: 'Hopper' })
    const connection = await post(context, '/api/connections', {
      personId: person.id,
      connectionTypes: ['SA'],
      followUpOn: todayIn(TIME_ZONE),
    })

    // Opening the app tells the server the browser's time zone; Notifications sets the hour.
    const page = await context.newPage()
    await page.goto(`${journey.app.url}/profile`)
    await page.getByRole('button', { name: 'Notifications', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Reminder emails' })
    await expect.poll(() => dialog.textContent()).toContain(`In your time zone, ${TIME_ZONE}`)
    await dialog.getByRole('combobox', { name: 'Send at' }).selectOption('00:00')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Your follow-up reminders are on.').waitFor()

    // The server sends due digests when it starts and every five minutes after.
    await journey.app.restart()
    const mail = await vi.waitFor(() => journey.app.lastMailTo(USER.email), { timeout: 30_000 })
    expect(mail.subject).toMatch(/^Your follow-ups for \w+day \d{1,2} \w+$/)
    const link = `${journey.app.url}/connections?connection=${String(connection.id)}`
    expect(mail.text).toContain(`Due today:\n- Grace Hopper\n  ${link}`)

    // The link opens that connection in the app.
    await page.goto(link)
    const details = page.getByRole('dialog', { name: 'Connection Details' })
    await expect.poll(() => details.textContent()).toContain('Grace Hopper')

    // The unsubscribe link, on a phone that never signed in: the page asks, the button unsubscribes.
    const unsubscribe = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? ''
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribe}`)
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const stranger = await (await journey.browser.newContext(PHONE)).newPage()
    await stranger.goto(unsubscribe)
    await stranger.getByRole('heading', { name: 'Stop follow-up reminders?' }).waitFor()
    expect(await seriousA11yViolations(stranger)).toEqual([])
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click()
    await stranger.getByRole('heading', { name: 'You are unsubscribed' }).waitFor()

    const settings = await context.request.get(`${journey.app.url}/api/reminders`)
    expect(await settings.json()).toEqual({ enabled: false, hour: 0, timeZone: TIME_ZONE })
  })
})

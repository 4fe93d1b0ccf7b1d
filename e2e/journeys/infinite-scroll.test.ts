import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE } from '../src/browser.ts'
import { checkPhoneScreen } from '../src/screen-checks.ts'

/** More than two pages of 30: the list has to load twice more as it is scrolled. */
const SEEDED = 75
const nameOf = (index: number) => `Seeded ${String(index).padStart(2, '0')}`
/** Joint ventures, one in the first page (newest first) and two beyond it. */
const JOINT_VENTURES = [60, 40, 20]

let app: RunningApp
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startApp(), launchBrowser()])
  context = await browser.newContext(PHONE)
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** Adds a connection through the API, as the signed-in user (the context's cookie goes along). */
async function seedConnection(index: number) {
  const headers = { Origin: app.url }
  const person = await context.request.post(`${app.url}/api/people`, {
    data: { firstName: 'Seeded', lastName: String(index).padStart(2, '0') },
    headers,
  })
  expect(person.status()).toBe(201)
  const { id } = (await person.json()) as { id: string }
  const connection = await context.request.post(`${app.url}/api/connections`, {
    data: {
      personId: id,
      eventId: null,
      connectionTypes: JOINT_VENTURES.includes(index) ? ['JV'] : ['SA'],
    },
    headers,
  })
  expect(connection.status()).toBe(201)
}

/** The seeded names the Connections list shows now (only the rows near the view are there). */
async function namesShown(): Promise<string[]> {
  const rows = page.getByRole('region', { name: 'Personal connections' }).getByRole('button')
  const texts = await rows.allTextContents()
  return texts.flatMap((text) => text.match(/Seeded \d\d/g) ?? [])
}

describe('infinite scroll on Connections', () => {
  it('loads the list a page at a time while scrolling, with a loading row, down to the first connection made', async () => {
    const registered = await context.request.post(`${app.url}/api/register`, {
      headers: { Origin: app.url },
      data: {
        firstName: 'Paula',
        lastName: 'Pager',
        email: 'paula@example.com',
        password: 'scrolling-down-75',
        confirmPassword: 'scrolling-down-75',
      },
    })
    expect(registered.ok()).toBe(true)
    for (let index = 1; index <= SEEDED; index++) await seedConnection(index)

    // The second page is held back until the loading row has been seen, so seeing it is certain.
    let releaseSecondPage = () => {}
    const secondPageHeld = new Promise<void>((release) => (releaseSecondPage = release))
    let heldOne = false
    await page.route(
      (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes('connections.list'),
      async (route) => {
        const isNextPage = decodeURIComponent(route.request().url()).includes('"cursor":"')
        if (isNextPage && !heldOne) {
          heldOne = true
          await secondPageHeld
        }
        await route.continue()
      },
    )

    await page.goto(`${app.url}/connections`)
    await page.getByRole('heading', { name: 'Your Connections' }).waitFor()
    // Newest first: the last one seeded leads the list.
    await page.getByRole('button', { name: new RegExp(nameOf(SEEDED)) }).waitFor()
    const seen = new Set(await namesShown())
    expect(seen.size).toBeLessThanOrEqual(30)

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const loadingRow = page.getByRole('status').filter({ hasText: 'Loading more…' })
    await loadingRow.waitFor()
    await checkPhoneScreen(page, 'connections-loading-more')
    releaseSecondPage()
    await loadingRow.waitFor({ state: 'detached' })

    // From the top down, a little less than a screen at a time: every row passes through the view.
    await page.evaluate(() => window.scrollTo(0, 0))

    const oldest = page.getByRole('button', { name: new RegExp(`^${nameOf(1)}`) })
    for (let step = 0; step < 200 && !(await oldest.isVisible()); step++) {
      for (const name of await namesShown()) seen.add(name)
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            window.scrollBy(0, 400)
            requestAnimationFrame(() => done())
          }),
      )
    }
    await oldest.waitFor()
    for (const name of await namesShown()) seen.add(name)

    expect(seen.size).toBe(SEEDED)
    // Virtualised: only the rows near the view are in the page.
    expect((await namesShown()).length).toBeLessThan(SEEDED)
    expect([...seen].sort()).toEqual(
      Array.from({ length: SEEDED }, (_, index) => nameOf(index + 1)).sort(),
    )
    expect(await loadingRow.count()).toBe(0)
    await checkPhoneScreen(page, 'connections-scrolled-to-the-end')
  })

  it('filters on the server: a type shows its connections from every page, not just those loaded', async () => {
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'JV', exact: true }).click()
    await page.getByRole('button', { name: new RegExp(`^${nameOf(20)}`) }).waitFor()
    expect(await namesShown()).toEqual(JOINT_VENTURES.map(nameOf))
  })
})

import { describe, expect, it } from 'vitest'
import { PHONE, screenshot, seriousA11yViolations, skipWelcome } from '../src/browser.ts'
import { appAndBrowser } from '../src/journey.ts'

const journey = appAndBrowser()

describe('landing page', () => {
  it('is served by the production build and passes the accessibility check', async () => {
    const context = await journey.browser.newContext(PHONE)
    const page = await context.newPage()
    await page.goto(journey.app.url)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('FiveConnect')
    await screenshot(page, 'landing')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

describe('the pages anyone can open', () => {
  it.each([
    { path: '/terms', heading: 'Terms and Conditions', name: 'terms' },
    { path: '/privacy', heading: 'Privacy Policy', name: 'privacy' },
    { path: '/no-such-page', heading: '404 Page Not Found', name: 'not-found' },
  ])('shows $path on a phone without accessibility problems', async ({ path, heading, name }) => {
    const context = await journey.browser.newContext(PHONE)
    const page = await context.newPage()
    await page.goto(`${journey.app.url}${path}`)
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    await screenshot(page, name)
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

describe('the prerendered pages', () => {
  it.each([
    { path: '/', heading: 'FiveConnect', text: 'The five connection types' },
    { path: '/terms', heading: 'Terms and Conditions', text: 'England and Wales' },
    { path: '/privacy', heading: 'Privacy Policy', text: 'within one month' },
  ])('show $path with JavaScript turned off', async ({ path, heading, text }) => {
    const context = await journey.browser.newContext({ ...PHONE, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${journey.app.url}${path}`)
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
    await page.getByText(text).first().waitFor()
    // The header's link home, drawn by the app's own layout. (axe needs JavaScript: the
    // accessibility checks above run on these same pages.)
    await page.getByRole('link', { name: 'FiveConnect home' }).waitFor()
    await context.close()
  })

  it("show a toast carried across the reload, as the app does after 'Sign Out'", async () => {
    const context = await journey.browser.newContext(PHONE)
    await skipWelcome(context)
    const page = await context.newPage()
    await page.goto(`${journey.app.url}/terms`)
    await page.evaluate(() =>
      sessionStorage.setItem(
        'toastAfterReload',
        JSON.stringify({ title: 'Goodbye!', message: "You've been logged out successfully." }),
      ),
    )
    await page.goto(journey.app.url)
    const toast = page.getByRole('region', { name: 'Notifications (F8)' })
    await toast.getByText('Goodbye!').waitFor()
    await toast.getByText("You've been logged out successfully.").waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await toast.getByRole('button', { name: 'Close notification' }).click()
    await toast.waitFor({ state: 'hidden' })

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'FiveConnect' }).waitFor()
    expect(await page.getByText('Goodbye!').isVisible()).toBe(false)
    await context.close()
  })

  it('run none of the app until the visitor heads for sign-in', async () => {
    const context = await journey.browser.newContext(PHONE)
    // A returning visitor: the first-visit welcome, which loads a chunk of its own and covers the
    // page, would open while a slow machine is still waiting for the network to go idle.
    await skipWelcome(context)
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(journey.app.url)
    await page.getByRole('heading', { level: 1, name: 'FiveConnect' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/static-page-[\w-]+\.js$/)])

    await page.getByRole('link', { name: 'Sign In' }).first().hover()
    await expect.poll(() => scripts.some((path) => /^\/assets\/index-/.test(path))).toBe(true)
    await page.getByRole('link', { name: 'Sign In' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor()
    await context.close()
  })
})

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, screenshot, seriousA11yViolations } from '../src/browser.ts'

let app: RunningApp
let browser: Browser
beforeAll(async () => {
  ;[app, browser] = await Promise.all([startApp(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('landing page', () => {
  it('is served by the production build and passes the accessibility check', async () => {
    const context = await browser.newContext(PHONE)
    const page = await context.newPage()
    await page.goto(app.url)
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
    const context = await browser.newContext(PHONE)
    const page = await context.newPage()
    await page.goto(`${app.url}${path}`)
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    await screenshot(page, name)
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

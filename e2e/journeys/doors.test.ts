import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { DESKTOP, launchBrowser, PHONE, screenshot, seriousA11yViolations } from '../src/browser.ts'
import { registerThroughForm } from '../src/register.ts'

let app: RunningApp
let browser: Browser
beforeAll(async () => {
  ;[app, browser] = await Promise.all([startApp(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('journey 6: closed doors', () => {
  it('turns an attendee away from /admin with Access Denied and lands them on /', async () => {
    const context = await browser.newContext(PHONE)
    const page = await context.newPage()
    await registerThroughForm(page, app.url, {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.com',
      password: 'enigma-bombe-1',
    })

    await page.goto(`${app.url}/admin`)
    await page.getByText('Admin access required.').waitFor()
    await page.waitForURL(`${app.url}/`)
    await context.close()
  })
})

describe('on a desktop screen', () => {
  it('shows the landing page at 1280 x 800 without accessibility problems', async () => {
    const context = await browser.newContext(DESKTOP)
    const page = await context.newPage()
    await page.goto(app.url)
    await page.getByRole('heading', { level: 1, name: 'FiveConnect' }).waitFor()
    await screenshot(page, 'landing-desktop')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

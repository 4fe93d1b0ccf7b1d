import { describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, screenshot, seriousA11yViolations } from '../src/browser.ts'
import { appAndBrowser } from '../src/journey.ts'
import { registerThroughForm } from '../src/register.ts'

const journey = appAndBrowser()

describe('journey 6: closed doors', () => {
  it('turns an attendee away from /admin with Access Denied and lands them on /', async () => {
    const context = await journey.browser.newContext(PHONE)
    const page = await context.newPage()
    await registerThroughForm(page, journey.app.url, {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.com',
      password: 'enigma-bombe-1',
    })

    await page.goto(`${journey.app.url}/admin`)
    await page.getByText('Admin access required.').waitFor()
    await page.waitForURL(`${journey.app.url}/`)
    await context.close()
  })
})

describe('on a desktop screen', () => {
  it('shows the landing page at 1280 x 800 without accessibility problems', async () => {
    const context = await journey.browser.newContext(DESKTOP)
    const page = await context.newPage()
    await page.goto(journey.app.url)
    await page.getByRole('heading', { level: 1, name: 'FiveConnect' }).waitFor()
    await screenshot(page, 'landing-desktop')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

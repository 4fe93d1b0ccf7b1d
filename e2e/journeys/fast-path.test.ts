import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { PHONE, skipWelcome } from '../src/browser.ts'
import { appAndBrowser } from '../src/journey.ts'

const MAX_TAPS = 3

const journey = appAndBrowser()

/** Fails unless the target shows, uncovered, on the first screen, with the page never scrolled. */
async function expectInSightWithoutScrolling(page: Page, target: Locator, name: string) {
  const sight = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const x = rect.left + rect.width / 2
    const y = rect.top + rect.height / 2
    const onTop = document.elementFromPoint(x, y)
    return {
      hasScrolled: (window as Window & { hasScrolled?: boolean }).hasScrolled === true,
      isOnScreen: rect.top >= 0 && rect.bottom <= window.innerHeight,
      isUncovered: onTop !== null && element.contains(onTop),
    }
  })
  expect(sight, name).toEqual({ hasScrolled: false, isOnScreen: true, isUncovered: true })
}

describe('journey: the fast path at 390 x 844', () => {
  it('saves a connection with a name and one type from Home in 3 taps plus typing, no scrolling', async () => {
    const context = await journey.browser.newContext(PHONE)
    await skipWelcome(context)
    await context.addInitScript(() => {
      window.addEventListener('scroll', () => {
        if (window.scrollY > 0) (window as Window & { hasScrolled?: boolean }).hasScrolled = true
      })
    })
    const registered = await context.request.post(`${journey.app.url}/api/register`, {
      headers: { Origin: journey.app.url },
      data: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        password: 'sunlit-harbor-7',
        confirmPassword: 'sunlit-harbor-7',
      },
    })
    expect(registered.ok()).toBe(true)
    const page = await context.newPage()
    await page.goto(journey.app.url)

    let taps = 0
    const tap = async (target: Locator, name: string) => {
      await target.waitFor()
      await expectInSightWithoutScrolling(page, target, name)
      await target.tap()
      taps += 1
    }

    await tap(page.getByRole('link', { name: /Add Connection/ }), 'Add Connection on Home')
    await page.getByRole('heading', { level: 1, name: 'Add Connection' }).waitFor()
    // Typing: the first name field has the keyboard, the keyboard's next key moves on.
    const firstName = page.getByLabel('First name')
    await expect
      .poll(() => firstName.evaluate((input) => input === document.activeElement))
      .toBe(true)
    await page.keyboard.type('Linus')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Pauling')
    expect(await page.getByLabel('Last name').inputValue()).toBe('Pauling')

    await tap(page.getByRole('button', { name: 'Inner Circle Connection' }), 'a type')
    await tap(page.getByRole('button', { name: 'Save Connection' }), 'Save Connection')

    await page.getByText('Your connection has been saved successfully!').waitFor()
    await page.waitForURL(`${journey.app.url}/`)
    const recent = page.getByRole('region', { name: 'Recent Connections' })
    await recent.getByText('Linus Pauling').waitFor()
    expect(await recent.getByLabel('Inner Circle Connection').count()).toBe(1)
    expect(taps).toBeLessThanOrEqual(MAX_TAPS)
  })
})

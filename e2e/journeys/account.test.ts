import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, screenshot, seriousA11yViolations } from '../src/browser.ts'
import { fillRegistration } from '../src/register.ts'

let app: RunningApp
let browser: Browser
beforeAll(async () => {
  ;[app, browser] = await Promise.all([
    startApp({ SUPPORT_EMAIL: 'support@fiveconnect.test' }),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

async function newPhonePage(): Promise<Page> {
  const context = await browser.newContext(PHONE)
  return context.newPage()
}

async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([])
}

const register = (page: Page, email: string, password: string) =>
  fillRegistration(page, { firstName: 'Grace', lastName: 'Hopper', email, password })

describe('journey 1: a visitor becomes a user', () => {
  it('sees the welcome dialog once, registers, and lands on an empty home', async () => {
    const page = await newPhonePage()
    await page.goto(app.url)
    const welcome = page.getByRole('dialog', { name: 'Welcome to FiveConnect' })
    await welcome.waitFor()
    await expect.poll(() => welcome.textContent()).toContain('Ideas Fest')
    await screenshot(page, 'welcome-dialog')
    await expectNoSeriousA11yViolations(page)
    await welcome.getByRole('button', { name: 'Got it' }).click()
    await welcome.waitFor({ state: 'hidden' })

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'FiveConnect' }).waitFor()
    await page.waitForTimeout(1500)
    expect(await welcome.count()).toBe(0)

    await page.getByRole('link', { name: 'Get Started', exact: true }).click()
    await page.waitForURL('**/register')
    await screenshot(page, 'register')
    await expectNoSeriousA11yViolations(page)
    await register(page, 'grace@example.com', 'sunlit-harbor-7')

    await page.getByText('Welcome to FiveConnect!').waitFor()
    await page.waitForURL(`${app.url}/`)
    await page.getByRole('heading', { level: 1, name: 'Welcome to FiveConnect, Grace' }).waitFor()
    const totalConnections = page.getByText('Total Connections').locator('..')
    await expect.poll(() => totalConnections.textContent()).toMatch(/^0\s*Total Connections$/)
    await screenshot(page, 'home-empty')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('link', { name: 'Events' }).click()
    const ideasFest = page.getByRole('article', { name: 'Ideas Fest' })
    await ideasFest.getByRole('button', { name: 'Join' }).click()
    await page.getByText('You have successfully joined the event.').waitFor()
    await ideasFest.getByText('Joined', { exact: true }).waitFor()
    await ideasFest.getByRole('link', { name: 'Add Connection' }).waitFor()
    await screenshot(page, 'events')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('link', { name: 'Profile' }).click()
    await page.getByText('grace@example.com').first().waitFor()
    await screenshot(page, 'profile')
    await expectNoSeriousA11yViolations(page)
  })
})

describe('journey 1b: signing out', () => {
  it("says 'Goodbye!' on the landing page the sign-out loads, once", async () => {
    const page = await newPhonePage()
    await page.goto(`${app.url}/register`)
    await register(page, 'katherine@example.com', 'orbit-math-1962')
    await page.waitForURL(`${app.url}/`)
    await page.getByRole('link', { name: 'Profile' }).click()

    const reloaded = page.waitForEvent('load')
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await reloaded
    await page.getByRole('heading', { level: 1, name: 'FiveConnect' }).waitFor()
    await page.getByText("You've been logged out successfully.").waitFor()
    expect(await page.getByText('Goodbye!').isVisible()).toBe(true)
    await screenshot(page, 'landing-goodbye')

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'FiveConnect' }).waitFor()
    await page.waitForTimeout(500)
    expect(await page.getByText('Goodbye!').count()).toBe(0)
  })
})

describe('journey 4: a forgotten password', () => {
  it('is reset through the emailed link, and the link works only once', async () => {
    const page = await newPhonePage()
    await page.goto(`${app.url}/register`)
    await register(page, 'ada@example.com', 'first-password-1')
    await page.waitForURL(`${app.url}/`)
    await page.context().clearCookies()

    await page.goto(`${app.url}/login`)
    await page.getByRole('link', { name: /forgot/i }).click()
    await page.waitForURL('**/forgot-password')
    await screenshot(page, 'forgot-password')
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Email').fill('ada@example.com')
    await page.getByRole('button', { name: 'Send Reset Email' }).click()
    await page.getByText('Reset Email Sent').waitFor()

    const mail = await app.lastMailTo('ada@example.com')
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    await page.goto(link ?? '')
    await screenshot(page, 'reset-password')
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('New Password', { exact: true }).fill('second-password-2')
    await page.getByLabel('Confirm New Password', { exact: true }).fill('second-password-2')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await page.getByText('Password Reset Successful').waitFor()

    await page.goto(`${app.url}/login`)
    await page.getByLabel('Email').fill('ada@example.com')
    await page.getByLabel('Password', { exact: true }).fill('second-password-2')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByText('Welcome back!').waitFor()
    await page.waitForURL(`${app.url}/`)

    await page.goto(link ?? '')
    await page.getByLabel('New Password', { exact: true }).fill('third-password-3')
    await page.getByLabel('Confirm New Password', { exact: true }).fill('third-password-3')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await page.getByText('This password reset link is invalid or has expired.').waitFor()
  })
})

describe('journey 4b: changing the password, and finding help', () => {
  it('changes it on Profile, signs out the other phone, and shows Help & Support', async () => {
    const page = await newPhonePage()
    await page.goto(`${app.url}/register`)
    await register(page, 'g.hopper@example.com', 'first-password-1')
    await page.waitForURL(`${app.url}/`)
    const otherPhone = await newPhonePage()
    await otherPhone.goto(`${app.url}/login`)
    await otherPhone.getByLabel('Email').fill('g.hopper@example.com')
    await otherPhone.getByLabel('Password', { exact: true }).fill('first-password-1')
    await otherPhone.getByRole('button', { name: 'Sign In' }).click()
    await otherPhone.waitForURL(`${app.url}/`)

    await page.goto(`${app.url}/profile`)
    await page.getByRole('button', { name: 'Change Password' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change Password' })
    await dialog.getByLabel('Current Password', { exact: true }).fill('first-password-1')
    await dialog.getByLabel('New Password', { exact: true }).fill('second-password-2')
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('second-password-2')
    await screenshot(page, 'change-password')
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Change Password' }).click()
    await page.getByText('You have been signed out everywhere else.').waitFor()

    // This phone stays signed in; the other one is sent to sign in again.
    await page.reload()
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor()
    await otherPhone.goto(`${app.url}/connections`)
    await otherPhone.waitForURL('**/login**')

    await page.getByRole('button', { name: 'Help & Support' }).click()
    await page.waitForURL(`${app.url}/help`)
    await page.getByRole('heading', { name: 'Help & Support' }).waitFor()
    await page.getByRole('link', { name: 'support@fiveconnect.test' }).waitFor()
    await screenshot(page, 'help')
    await expectNoSeriousA11yViolations(page)
  })
})

describe('journey 6: closed doors, signed out', () => {
  it('sends a signed-out visitor on /connections to /login with the Unauthorized toast', async () => {
    const page = await newPhonePage()
    await page.goto(`${app.url}/connections`)
    await page.getByText('You are logged out. Logging in again...').waitFor()
    await page.waitForURL('**/login')
    await screenshot(page, 'login')
    await expectNoSeriousA11yViolations(page)
  })
})

import type { Page } from 'playwright-core'

export type NewAccount = { firstName: string; lastName: string; email: string; password: string }

/** Fills in and sends the registration form on the page that shows it. */
export async function fillRegistration(page: Page, account: NewAccount) {
  await page.getByLabel('First name').fill(account.firstName)
  await page.getByLabel('Last name').fill(account.lastName)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
}

/** Registers through /register and waits for Home, signed in. */
export async function registerThroughForm(page: Page, appUrl: string, account: NewAccount) {
  await page.goto(`${appUrl}/register`)
  await fillRegistration(page, account)
  await page.waitForURL(`${appUrl}/`)
}

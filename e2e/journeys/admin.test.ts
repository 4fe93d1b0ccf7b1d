import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, screenshot, seriousA11yViolations } from '../src/browser.ts'
import { solidPng } from '../src/png.ts'
import { registerThroughForm } from '../src/register.ts'

let app: RunningApp
let browser: Browser
let fileDir: string
beforeAll(async () => {
  ;[app, browser, fileDir] = await Promise.all([
    startApp(),
    launchBrowser(),
    mkdtemp(join(tmpdir(), 'fiveconnect-e2e-files-')),
  ])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (fileDir) await rm(fileDir, { recursive: true, force: true })
})

async function newPhonePage(): Promise<Page> {
  const context = await browser.newContext(PHONE)
  return context.newPage()
}

/**
 * Dialogs fade in and out: a screenshot or a contrast check taken mid-fade sees see-through text.
 * Waits until no CSS transition runs and every dialog on screen is opaque.
 */
async function waitForStillScreen(page: Page) {
  await page.waitForFunction(() => {
    const isMoving = document
      .getAnimations()
      .some((animation) => animation instanceof CSSTransition && animation.playState === 'running')
    // A dialog under the top one in a stack stays transparent (data-hidden) on purpose.
    const isFading = Array.from(
      document.querySelectorAll('[role="dialog"]:not([data-hidden])'),
    ).some((dialog) => dialog.checkVisibility() && getComputedStyle(dialog).opacity !== '1')
    return !isMoving && !isFading
  })
}

/** Screenshot and axe check of what the page shows once still. */
async function checkScreen(page: Page, name: string) {
  await waitForStillScreen(page)
  await screenshot(page, name)
  expect(await seriousA11yViolations(page)).toEqual([])
}

/** Waits for the toast with this title and text, then closes it as a user would (one shows at a time). */
async function closeToast(page: Page, title: string, message: string | RegExp) {
  const toast = page.getByRole('alert').filter({ hasText: title })
  await toast.getByText(message).waitFor()
  await toast.getByRole('button', { name: 'Close notification' }).click()
  await toast.waitFor({ state: 'hidden' })
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${app.url}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

const member = {
  firstName: 'Margaret',
  lastName: 'Hamilton',
  name: 'Margaret Hamilton',
  email: 'margaret@example.com',
  password: 'apollo-guidance-11',
  newPassword: 'lunar-module-eagle-69',
}

/** The Active/Inactive badge and buttons of one user in Manage Users. */
const userCard = (dialog: Locator, name: string) => dialog.getByRole('article', { name })

describe('journey 5: an admin runs events and users', () => {
  it('creates, edits and deletes an event with a logo, and manages a signed-in user', async () => {
    // The member registers in their own browser and stays signed in throughout.
    const memberPage = await newPhonePage()
    await registerThroughForm(memberPage, app.url, member)
    await memberPage.getByRole('link', { name: 'Connections' }).click()
    await memberPage.getByRole('heading', { name: 'Your Connections' }).waitFor()

    // The admin signs in on a phone and lands on the dashboard.
    const page = await newPhonePage()
    await signIn(page, ADMIN.email, ADMIN.password)
    await closeToast(page, 'Welcome back!', "You've been logged in successfully.")
    await page.waitForURL(`${app.url}/admin`)
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()
    await page.getByText('Manage events and users').waitFor()
    const activeEvents = page.getByLabel('Active Events')
    await expect.poll(() => activeEvents.textContent()).toBe('1Active Events')
    await expect.poll(() => page.getByLabel('Total Users').textContent()).toBe('2Total Users')
    await page.getByRole('region', { name: 'Connection Types Breakdown' }).waitFor()
    await checkScreen(page, 'admin-dashboard')

    // Create an event with a logo.
    const logoPath = join(fileDir, 'summit-logo.png')
    await writeFile(logoPath, solidPng(96, 96, [40, 90, 200]))
    await page.getByRole('button', { name: 'Add New Event' }).click()
    const createDialog = page.getByRole('dialog', { name: 'Create New Event' })
    await createDialog.waitFor()
    await createDialog.getByLabel('Event Name').fill('Builders Summit')
    await createDialog.getByLabel('Description').fill('A day of talks for people who make things.')
    await createDialog.getByLabel('Location').fill('Manchester')
    await createDialog.getByLabel('Start Date & Time').fill('2031-03-14T09:30')
    await createDialog.getByLabel('End Date & Time').fill('2031-03-14T17:00')
    await createDialog.getByText('Select an image file for your event logo').waitFor()
    const chooser = page.waitForEvent('filechooser')
    await createDialog.getByRole('button', { name: 'Upload Logo' }).click()
    await (await chooser).setFiles(logoPath)
    await closeToast(page, 'Logo Uploaded', 'Logo uploaded successfully')
    await createDialog.getByText('Logo uploaded successfully').waitFor()
    await expectImageLoaded(createDialog.getByRole('img', { name: 'Event logo preview' }))
    await createDialog.getByRole('button', { name: 'Change Logo' }).waitFor()
    await checkScreen(page, 'admin-event-create')
    await expectWholeLabel(createDialog.getByRole('button', { name: 'Create Event' }))
    await createDialog.getByRole('button', { name: 'Create Event' }).click()
    await closeToast(page, 'Event Created', /Builders Summit/)
    await createDialog.waitFor({ state: 'hidden' })
    await expect.poll(() => activeEvents.textContent()).toBe('2Active Events')

    // Edit it from Manage Events: the form is prefilled, the new title shows in the list.
    await page.getByRole('button', { name: 'Manage Events' }).click()
    const eventsDialog = page.getByRole('dialog', { name: 'Manage Events' })
    const summit = eventsDialog.getByRole('article', { name: 'Builders Summit' })
    await summit.getByText('Manchester').waitFor()
    await checkScreen(page, 'admin-manage-events')
    await summit.getByRole('button', { name: 'Edit' }).click()
    await eventsDialog.waitFor({ state: 'hidden' })
    const editDialog = page.getByRole('dialog', { name: 'Edit Event' })
    const title = editDialog.getByLabel('Event Name')
    expect(await title.inputValue()).toBe('Builders Summit')
    expect(await editDialog.getByLabel('Start Date & Time').inputValue()).toBe('2031-03-14T09:30')
    await expectImageLoaded(editDialog.getByRole('img', { name: 'Event logo preview' }))
    await checkScreen(page, 'admin-event-edit')
    await expectWholeLabel(editDialog.getByRole('button', { name: 'Update Event' }))
    await title.fill('Makers Summit')
    await editDialog.getByRole('button', { name: 'Update Event' }).click()
    await closeToast(page, 'Event Updated', /Makers Summit/)
    await editDialog.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Manage Events' }).click()
    await eventsDialog.getByRole('article', { name: 'Makers Summit' }).waitFor()
    expect(await eventsDialog.getByRole('article', { name: 'Builders Summit' }).count()).toBe(0)
    await eventsDialog.getByRole('button', { name: 'Close', exact: true }).click()
    await eventsDialog.waitFor({ state: 'hidden' })

    // Manage Users: deactivate the member, whose open session then ends.
    await page.getByRole('button', { name: 'Manage Users' }).click()
    const usersDialog = page.getByRole('dialog', { name: 'Manage Users' })
    const margaret = userCard(usersDialog, member.name)
    await margaret.getByText('Active', { exact: true }).waitFor()
    await margaret.getByText(member.email).waitFor()
    await userCard(usersDialog, 'Admin User').getByText('Admin', { exact: true }).waitFor()
    await checkScreen(page, 'admin-manage-users')
    await margaret.getByRole('button', { name: 'Deactivate' }).click()
    const deactivateDialog = page.getByRole('dialog', { name: 'Deactivate User' })
    await deactivateDialog.getByText('Are you sure you want to deactivate this user?').waitFor()
    await checkScreen(page, 'admin-confirm-deactivate')
    await deactivateDialog.getByRole('button', { name: 'Deactivate' }).click()
    await closeToast(page, 'User Deactivated', `${member.name} can no longer sign in.`)
    await margaret.getByText('Inactive', { exact: true }).waitFor()
    expect(await margaret.getByRole('button', { name: 'Deactivate' }).count()).toBe(0)

    // The member's open page is turned away at its next call.
    await memberPage.reload()
    await memberPage.getByText('You are logged out. Logging in again...').waitFor()
    await memberPage.waitForURL(`${app.url}/login`)
    await signIn(memberPage, member.email, member.password)
    await memberPage
      .getByText('This account has been deactivated. Please contact an administrator.')
      .waitFor()
    expect(memberPage.url()).toBe(`${app.url}/login`)

    // Reactivate: the member can sign in again.
    await margaret.getByRole('button', { name: 'Reactivate' }).click()
    const reactivateDialog = page.getByRole('dialog', { name: 'Reactivate User' })
    await reactivateDialog.getByText('Are you sure you want to reactivate this user?').waitFor()
    await checkScreen(page, 'admin-confirm-reactivate')
    await reactivateDialog.getByRole('button', { name: 'Reactivate' }).click()
    await closeToast(page, 'User Reactivated', `${member.name} can sign in again.`)
    await margaret.getByText('Active', { exact: true }).waitFor()

    await signIn(memberPage, member.email, member.password)
    await memberPage.getByText('Welcome back!').waitFor()
    await memberPage.waitForURL(`${app.url}/`)
    await memberPage.getByRole('link', { name: 'Connections' }).waitFor()
    expect(await memberPage.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0)

    // Change the role: the member becomes an admin and gets the Admin tab.
    await margaret.getByRole('button', { name: 'Edit' }).click()
    const editUser = page.getByRole('dialog', { name: 'Edit User' })
    expect(await editUser.getByLabel('First Name').inputValue()).toBe(member.firstName)
    expect(await editUser.getByLabel('Email').inputValue()).toBe(member.email)
    expect(await editUser.getByLabel('Role').inputValue()).toBe('attendee')
    await checkScreen(page, 'admin-edit-user')
    await editUser.getByLabel('Role').selectOption({ label: 'Admin' })
    await editUser.getByRole('button', { name: 'Update User Details' }).click()
    await closeToast(page, 'User Updated', `${member.name} has been updated.`)
    await editUser.waitFor({ state: 'hidden' })
    await margaret.getByText('Admin', { exact: true }).waitFor()
    expect(await margaret.getByRole('button', { name: 'Deactivate' }).count()).toBe(0)

    await memberPage.reload()
    await memberPage.getByRole('link', { name: 'Admin', exact: true }).click()
    await memberPage.waitForURL(`${app.url}/admin`)
    await memberPage.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()

    // Set a password: it must be confirmed, it signs the member out, and the new one works.
    await margaret.getByRole('button', { name: 'Edit' }).click()
    const passwordForm = editUser.getByRole('form', { name: 'Update password' })
    await passwordForm.getByLabel(/^New Password/).fill(member.newPassword)
    await passwordForm.getByLabel(/^Confirm Password/).fill('something-else-entirely')
    await passwordForm.getByRole('button', { name: 'Update Password' }).click()
    await passwordForm.getByText("Passwords don't match").waitFor()
    await checkScreen(page, 'admin-edit-user-password')
    await passwordForm.getByLabel(/^Confirm Password/).fill(member.newPassword)
    await passwordForm.getByRole('button', { name: 'Update Password' }).click()
    await closeToast(page, 'Password Updated', `A new password is set for ${member.firstName}.`)
    await expect.poll(() => passwordForm.getByLabel(/^New Password/).inputValue()).toBe('')
    // Escape closes the top dialog only: the user list stays open under it.
    await page.keyboard.press('Escape')
    await editUser.waitFor({ state: 'hidden' })
    await usersDialog.getByRole('button', { name: 'Close', exact: true }).click()
    await usersDialog.waitFor({ state: 'hidden' })

    await memberPage.reload()
    await memberPage.getByText('You are logged out. Logging in again...').waitFor()
    await memberPage.waitForURL(`${app.url}/login`)
    await signIn(memberPage, member.email, member.password)
    await memberPage.getByText('Invalid email or password').waitFor()
    await signIn(memberPage, member.email, member.newPassword)
    await memberPage.getByText('Welcome back!').waitFor()
    await memberPage.waitForURL(`${app.url}/admin`)

    // Delete the event after the confirm: it disappears from the list and the count.
    await page.getByRole('button', { name: 'Manage Events' }).click()
    const makers = eventsDialog.getByRole('article', { name: 'Makers Summit' })
    await makers.getByRole('button', { name: 'Delete' }).click()
    const deleteDialog = page.getByRole('dialog', { name: 'Delete Event' })
    await deleteDialog
      .getByText('Are you sure you want to delete "Makers Summit"? This action cannot be undone.')
      .waitFor()
    await checkScreen(page, 'admin-confirm-delete-event')
    await deleteDialog.getByRole('button', { name: 'Delete' }).click()
    await closeToast(page, 'Event Deleted', 'Makers Summit has been deleted.')
    await makers.waitFor({ state: 'detached' })
    await eventsDialog.getByRole('article', { name: 'Ideas Fest' }).waitFor()
    await eventsDialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(() => activeEvents.textContent()).toBe('1Active Events')
  })
})

/** Whether any part of the button's label is cut off (overflowing text) at this width. */
async function expectWholeLabel(button: Locator) {
  const isClipped = await button.evaluate((element) =>
    [element, ...Array.from(element.querySelectorAll('*'))].some(
      (part) => part.scrollWidth > part.clientWidth,
    ),
  )
  expect(isClipped, `the label of ${await button.textContent()} is cut off`).toBe(false)
}

async function expectImageLoaded(image: Locator) {
  await image.waitFor()
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBe(96)
}

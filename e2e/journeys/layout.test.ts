import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, seriousA11yViolations, skipWelcome } from '../src/browser.ts'
import {
  captureScreen,
  layoutProblems,
  writeContactSheet,
  type TapTargetException,
} from '../src/layout.ts'
import { settled } from '../src/screen-checks.ts'

/** Small, common and large phones (Galaxy S, iPhone 15, iPhone 15 Pro Max). */
const PHONES = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
] as const
/** The width the contact sheet and the accessibility check use. */
const SHEET_WIDTH = 390

/**
 * Tap targets allowed under 44 px (never under 24 px), each with its reason; also listed in
 * docs/client.md. None so far: every control is 44 px through the theme.
 */
const TAP_TARGET_EXCEPTIONS: readonly TapTargetException[] = []

const USER = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  password: 'sunlit-harbor-7',
}

type Role = 'newcomer' | 'visitor' | 'user' | 'admin'
type Screen = {
  name: string
  role: Role
  path: string
  /** What shows once the screen is ready. */
  ready: (page: Page) => Locator
  /** Opens a dialog (or menu) on top of the screen; what it returns is what gets checked. */
  open?: (page: Page) => Promise<Locator>
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name })
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name })
const tapAndShowDialog = (button: string, dialog: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).first().click()
  return dialogNamed(page, dialog)
}

const openLinusDetails = async (page: Page) => {
  await page
    .getByRole('button', { name: /Linus Pauling/ })
    .first()
    .click()
  return dialogNamed(page, 'Connection Details')
}
/** Manage Users, then a button on Grace's card, then the dialog it opens. */
const fromGracesUserCard = (button: string, dialog: string) => async (page: Page) => {
  const users = await tapAndShowDialog('Manage Users', 'Manage Users')(page)
  await users
    .getByRole('article', { name: 'Grace Hopper' })
    .getByRole('button', { name: button })
    .click()
  return dialogNamed(page, dialog)
}

/** Every route and every dialog: one line each. */
const SCREENS: readonly Screen[] = [
  { name: 'landing', role: 'visitor', path: '/', ready: heading('FiveConnect') },
  {
    name: 'landing welcome dialog',
    role: 'newcomer',
    path: '/',
    ready: heading('FiveConnect'),
    open: (page) => Promise.resolve(dialogNamed(page, 'Welcome to FiveConnect')),
  },
  { name: 'login', role: 'visitor', path: '/login', ready: heading('Welcome back') },
  { name: 'register', role: 'visitor', path: '/register', ready: heading('Create your account') },
  {
    name: 'forgot password',
    role: 'visitor',
    path: '/forgot-password',
    ready: heading('Forgot your password?'),
  },
  {
    name: 'forgot password sent',
    role: 'visitor',
    path: '/forgot-password',
    ready: heading('Forgot your password?'),
    open: async (page) => {
      await page.getByLabel('Email').fill('someone@example.com')
      await page.getByRole('button', { name: 'Send Reset Email' }).click()
      await heading('Check Your Email')(page).waitFor()
      return page.locator('body')
    },
  },
  {
    name: 'reset password',
    role: 'visitor',
    path: '/reset-password?token=layout-check',
    ready: heading('Choose a new password'),
  },
  { name: 'terms', role: 'visitor', path: '/terms', ready: heading('Terms and Conditions') },
  { name: 'privacy', role: 'visitor', path: '/privacy', ready: heading('Privacy Policy') },
  { name: '404', role: 'visitor', path: '/no-such-page', ready: heading('404 Page Not Found') },
  { name: 'home', role: 'user', path: '/', ready: heading(/^Welcome/) },
  {
    name: 'home connection details',
    role: 'user',
    path: '/',
    ready: heading(/^Welcome/),
    open: openLinusDetails,
  },
  {
    name: 'profile menu',
    role: 'user',
    path: '/',
    ready: heading(/^Welcome/),
    open: async (page) => {
      await page.getByRole('button', { name: /profile menu/i }).click()
      return page.getByRole('menu')
    },
  },
  { name: 'events', role: 'user', path: '/events', ready: heading('Events') },
  { name: 'connections', role: 'user', path: '/connections', ready: heading('Your Connections') },
  {
    name: 'connections details',
    role: 'user',
    path: '/connections',
    ready: heading('Your Connections'),
    open: openLinusDetails,
  },
  {
    name: 'connections edit',
    role: 'user',
    path: '/connections',
    ready: heading('Your Connections'),
    open: async (page) => {
      const details = await openLinusDetails(page)
      await details.getByRole('button', { name: 'Edit Connection' }).click()
      const dialog = dialogNamed(page, 'Edit Connection')
      // The suggestions from the seeded transcript, long labels and all.
      await dialog.getByRole('group', { name: 'Suggestions from the voice note' }).waitFor()
      return dialog
    },
  },
  {
    name: 'add connection',
    role: 'user',
    path: '/add-connection',
    ready: heading('Add Connection'),
  },
  {
    name: 'add connection scan',
    role: 'user',
    path: '/add-connection',
    ready: heading('Add Connection'),
    open: tapAndShowDialog('Scan QR code', 'Scan QR Code'),
  },
  {
    name: 'add connection card scan',
    role: 'user',
    path: '/add-connection',
    ready: heading('Add Connection'),
    open: tapAndShowDialog('Scan business card', 'Scan Business Card'),
  },
  {
    name: 'add connection met before',
    role: 'user',
    path: '/add-connection',
    ready: heading('Add Connection'),
    open: async (page) => {
      await page.getByLabel('First name').fill('Linus')
      await page.getByLabel('Last name').fill('Pauling')
      await page.getByLabel('Email').fill('linus.pauling@caltech.example')
      await page.getByRole('button', { name: 'Save Connection' }).click()
      return dialogNamed(page, 'Met before?')
    },
  },
  { name: 'profile', role: 'user', path: '/profile', ready: heading('Grace Hopper') },
  {
    name: 'profile calendar link',
    role: 'user',
    path: '/profile',
    ready: heading('Grace Hopper'),
    open: async (page) => {
      const replace = page.getByRole('button', { name: 'Create a new link' })
      const create = page.getByRole('button', { name: 'Create calendar link' })
      await replace.or(create).first().waitFor()
      if (await replace.isVisible()) {
        await replace.click()
        return dialogNamed(page, 'Create a new link?')
      }
      await create.click()
      await page.getByText('Copy this link now').waitFor()
      return page.locator('body')
    },
  },
  { name: 'import contacts', role: 'user', path: '/import', ready: heading('Import contacts') },
  {
    name: 'import contacts preview',
    role: 'user',
    path: '/import',
    ready: heading('Import contacts'),
    open: async (page) => {
      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Choose a contact file' }).click()
      await (
        await chooser
      ).setFiles({
        name: 'Connections.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'First Name,Last Name,URL,Email Address,Company,Position,Connected On\r\n' +
            'Linus,Pauling,,linus.pauling@caltech.example,Caltech,Professor,12 Jun 2023\r\n' +
            'Dorothy,Hodgkin,https://www.linkedin.com/in/dorothy-hodgkin,,Oxford,Chemist,02 Jan 2024\r\n',
        ),
      })
      await page.getByRole('button', { name: /^Import \d+ (person|people)$/ }).waitFor()
      return page.locator('body')
    },
  },
  {
    name: 'profile edit',
    role: 'user',
    path: '/profile',
    ready: heading('Grace Hopper'),
    open: tapAndShowDialog('Edit Profile', 'Edit Profile'),
  },
  {
    name: 'profile share contact',
    role: 'user',
    path: '/profile',
    ready: heading('Grace Hopper'),
    open: tapAndShowDialog('Share my contact', 'Share your contact'),
  },
  {
    name: 'profile reminders',
    role: 'user',
    path: '/profile',
    ready: heading('Grace Hopper'),
    open: tapAndShowDialog('Notifications', 'Reminder emails'),
  },
  { name: 'admin', role: 'admin', path: '/admin', ready: heading('Admin Dashboard') },
  {
    name: 'admin create event',
    role: 'admin',
    path: '/admin',
    ready: heading('Admin Dashboard'),
    open: tapAndShowDialog('Add New Event', 'Create New Event'),
  },
  {
    name: 'admin manage users',
    role: 'admin',
    path: '/admin',
    ready: heading('Admin Dashboard'),
    open: tapAndShowDialog('Manage Users', 'Manage Users'),
  },
  {
    name: 'admin edit user',
    role: 'admin',
    path: '/admin',
    ready: heading('Admin Dashboard'),
    open: fromGracesUserCard('Edit', 'Edit User'),
  },
  {
    name: 'admin deactivate user',
    role: 'admin',
    path: '/admin',
    ready: heading('Admin Dashboard'),
    open: fromGracesUserCard('Deactivate', 'Deactivate User'),
  },
  {
    name: 'admin manage events',
    role: 'admin',
    path: '/admin',
    ready: heading('Admin Dashboard'),
    open: tapAndShowDialog('Manage Events', 'Manage Events'),
  },
  {
    name: 'admin edit event',
    role: 'admin',
    path: '/admin',
    ready: heading('Admin Dashboard'),
    open: async (page) => {
      const events = await tapAndShowDialog('Manage Events', 'Manage Events')(page)
      await events.getByRole('button', { name: 'Edit' }).first().click()
      return dialogNamed(page, 'Edit Event')
    },
  },
  {
    name: 'admin export',
    role: 'admin',
    path: '/admin',
    ready: heading('Admin Dashboard'),
    open: tapAndShowDialog('Export Data', 'Export Data'),
  },
]

let app: RunningApp
let browser: Browser
const contexts = new Map<string, BrowserContext>()
const sheet: { name: string; file: string }[] = []

async function post(request: APIRequestContext, path: string, data: object) {
  const response = await request.post(`${app.url}${path}`, { data, headers: { Origin: app.url } })
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}

/** The signed-in user's data every screen shows: a joined event and one connection. */
async function seed(request: APIRequestContext) {
  await post(request, '/api/register', { ...USER, confirmPassword: USER.password })
  const events = (await (await request.get(`${app.url}/api/events`)).json()) as { id: string }[]
  const eventId = events[0]?.id
  if (!eventId) throw new Error('No starter event')
  await post(request, `/api/events/${eventId}/attend`, {})
  const person = await post(request, '/api/people', {
    firstName: 'Linus',
    lastName: 'Pauling',
    company: 'California Institute of Technology',
    email: 'linus.pauling@caltech.example',
    website: 'www.caltech.example/people/linus-pauling',
  })
  await post(request, '/api/connections', {
    eventId,
    personId: person.id,
    connectionTypes: ['SA', 'IC', 'RF'],
    connectionFocus: 'Protein folding and vitamin C',
    notes: 'Met at the coffee stand; wants the molecular biology reading list.',
    photos: [],
    voiceNoteUrl: null,
    // What the edit dialog proposes from, with long labels for a narrow screen.
    voiceNoteTranscription:
      'Follow up next Tuesday. Call him on four one five five five five two six seven one. His assistant is maria dot gonzalez at caltech dot edu, the lab is lpi dot oregonstate dot edu.',
  })
}

async function contextFor(role: Role, phone: (typeof PHONES)[number]) {
  const key = `${role}@${phone.width}`
  const known = contexts.get(key)
  if (known) return known
  const context = await browser.newContext({ ...PHONE, viewport: phone })
  if (role !== 'newcomer') await skipWelcome(context)
  if (role === 'user') await post(context.request, '/api/login', USER)
  if (role === 'admin') await post(context.request, '/api/login', ADMIN)
  contexts.set(key, context)
  return context
}

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startApp(), launchBrowser()])
  const seeding = await browser.newContext()
  await seed(seeding.request)
  await seeding.close()
})
afterAll(async () => {
  if (sheet.length > 0) await writeContactSheet(`FiveConnect at ${SHEET_WIDTH} px`, sheet)
  await browser?.close()
  await app?.stop()
})

describe.each(PHONES)('every screen at $width px wide', (phone) => {
  it.each(SCREENS)('$name fits', async (screen) => {
    const page = await (await contextFor(screen.role, phone)).newPage()
    try {
      await page.goto(`${app.url}${screen.path}`)
      await screen.ready(page).waitFor()
      const scope = screen.open ? await screen.open(page) : undefined
      await scope?.waitFor()
      await settled(page)
      expect(await layoutProblems(page, TAP_TARGET_EXCEPTIONS, scope)).toEqual([])
      if (phone.width === SHEET_WIDTH) {
        sheet.push({
          name: screen.name,
          file: await captureScreen(page, screen.name.replaceAll(' ', '-')),
        })
        expect(await seriousA11yViolations(page)).toEqual([])
      }
    } finally {
      await page.close()
    }
  })
})

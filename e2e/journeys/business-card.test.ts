import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, screenshot, seriousA11yViolations } from '../src/browser.ts'
import { CARDS, photographCard } from '../src/business-cards.ts'
import { registerThroughForm } from '../src/register.ts'

const run = promisify(execFile)
/** OCR on a shared 2-core machine, the first time with the download of about 7 MB. */
const READ = { timeout: 120_000 }
/** Grace Hopper's card: a centred layout, her name in capitals. */
const CARD = CARDS[1]!

type ServerConnection = { person: { firstName: string; lastName: string }; photos: string[] }

let app: RunningApp
let browser: Browser
let context: BrowserContext
let page: Page
let fixtures: string

/** The card photographed, as a one-second looping .y4m for Chromium's fake camera. */
async function cardCameraFeed(dir: string, photoBrowser: Browser) {
  const image = join(dir, 'card.png')
  await writeFile(image, await photographCard(photoBrowser, CARD, 1))
  const video = join(dir, 'card.y4m')
  await run('ffmpeg', [
    ...['-nostdin', '-y', '-v', 'error', '-loop', '1', '-i', image],
    ...['-t', '1', '-r', '5', '-pix_fmt', 'yuv420p', video],
  ])
  return video
}

beforeAll(async () => {
  fixtures = await mkdtemp(join(tmpdir(), 'fiveconnect-e2e-card-'))
  const photographer = await launchBrowser()
  const camera = await cardCameraFeed(fixtures, photographer).finally(() => photographer.close())
  ;[app, browser] = await Promise.all([
    startApp(),
    launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
    ]),
  ])
  context = await browser.newContext(PHONE)
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (fixtures) await rm(fixtures, { recursive: true, force: true })
})

/** Add Connection, the scanner, the shutter; answers the dialog once the details are shown. */
async function scanCard() {
  await page.getByRole('link', { name: 'Add Connection' }).first().click()
  await page.getByRole('button', { name: 'Scan business card' }).click()
  const dialog = page.getByRole('dialog', { name: 'Scan Business Card' })
  await dialog.getByRole('button', { name: 'Take photo' }).click({ timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Use these details' }).waitFor(READ)
  return dialog
}

describe('journey 9: a paper business card', () => {
  it('reads the card from the camera on the device, for the user to check', async () => {
    await registerThroughForm(page, app.url, {
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'katherine@example.com',
      password: 'orbital-mechanics-1',
    })
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), READ)
      .toBe(true)

    const dialog = await scanCard()
    expect(await dialog.getByLabel('First name').inputValue()).toBe(CARD.firstName)
    expect(await dialog.getByLabel('Last name').inputValue()).toBe(CARD.lastName)
    expect(await dialog.getByLabel('Email').inputValue()).toBe(CARD.email)
    expect((await dialog.getByLabel('Phone').inputValue()).replace(/\D/g, '')).toBe('12127365000')
    await screenshot(page, 'business-card-review')
    expect(await seriousA11yViolations(page)).toEqual([])

    // A misread is corrected in place before it is used.
    await dialog.getByLabel('Company').fill('Compiler Works')
    await dialog.getByRole('button', { name: 'Use these details' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await page.getByLabel('First name').inputValue()).toBe('Grace')
    expect(await page.getByLabel('Company').inputValue()).toBe('Compiler Works')
    expect(await page.getByLabel('Notes').inputValue()).toBe(`Job title: ${CARD.title}`)
    await page.getByRole('img', { name: 'Photo 1' }).waitFor()
  })

  it('saves the connection with the card as its first photo', async () => {
    await page.getByRole('button', { name: 'Save Connection' }).click()
    await page.waitForURL(`${app.url}/`)
    const response = await context.request.get(`${app.url}/api/connections`)
    const saved = (await response.json()) as ServerConnection[]
    expect(saved).toHaveLength(1)
    expect(saved[0]?.person).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' })
    const [photo] = saved[0]?.photos ?? []
    expect(photo).toMatch(/^\/objects\//)
    const image = await context.request.get(`${app.url}${photo ?? ''}`)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/jpeg')

    await page.getByRole('link', { name: 'Connections', exact: true }).click()
    await page
      .getByRole('button', { name: /Grace Hopper/ })
      .first()
      .click()
    const details = page.getByRole('dialog', { name: 'Connection Details' })
    await details.getByRole('img', { name: 'Photo 1 of Grace Hopper' }).waitFor()
    await details.getByText(`Job title: ${CARD.title}`).waitFor()
    await page.keyboard.press('Escape')
  })

  it('reads a card with the network cut, once the scanner has been used', async () => {
    await page.goto(`${app.url}/`)
    await context.setOffline(true)
    const dialog = await scanCard()
    expect(await dialog.getByLabel('Last name').inputValue()).toBe(CARD.lastName)
    await dialog.getByRole('button', { name: 'Use these details' }).click()
    await page.getByRole('img', { name: 'Photo 1, waiting to upload' }).waitFor()
    await page.getByRole('button', { name: 'Save Connection' }).click()
    await page.getByText('Saved on this device: it syncs once you are back online.').waitFor()
    await context.setOffline(false)
  })
})

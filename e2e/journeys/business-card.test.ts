import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, screenshot, seriousA11yViolations } from '../src/browser.ts'
import { CARDS, photographCard, photoSettings } from '../src/business-cards.ts'
import { registerThroughForm } from '../src/register.ts'

const run = promisify(execFile)
/** OCR on a shared 2-core machine, the first time with the download of 4.4 MB (gzip). */
const READ = { timeout: 120_000 }
/** Grace Hopper's card: a centred layout, her name in capitals. */
function graceHoppersCard() {
  const card = CARDS[1]
  if (!card) throw new Error('The test cards have no second card')
  return card
}
const CARD = graceHoppersCard()

type ServerConnection = { person: { firstName: string; lastName: string }; photos: string[] }

let app: RunningApp
let browser: Browser
let context: BrowserContext
let page: Page
let fixtures: string
let blankPhoto: string

/**
 * The card photographed clearly tilted (8°, seen a little from below), in focus and 600 px high, as
 * a one-second looping .y4m for Chromium's fake camera.
 */
async function cardCameraFeed(dir: string, photoBrowser: Browser) {
  const image = join(dir, 'card.jpg')
  const tilted = {
    ...photoSettings(1),
    rotation: 8,
    perspective: 0.03,
    shortSide: 'top' as const,
    cardHeight: 600,
    blur: 0.6,
    jpegQuality: 80,
  }
  await writeFile(image, await photographCard(photoBrowser, CARD, tilted))
  const video = join(dir, 'card.y4m')
  await run('ffmpeg', [
    ...['-nostdin', '-y', '-v', 'error', '-loop', '1', '-i', image],
    // 4:2:0 video needs even sides.
    ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-t', '1', '-r', '5'],
    ...['-pix_fmt', 'yuv420p', video],
  ])
  return video
}

beforeAll(async () => {
  fixtures = await mkdtemp(join(tmpdir(), 'fiveconnect-e2e-card-'))
  const photographer = await launchBrowser()
  const camera = await cardCameraFeed(fixtures, photographer).finally(() => photographer.close())
  blankPhoto = join(fixtures, 'blank.png')
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=0xf1ede4:s=640x400',
    '-frames:v',
    '1',
    blankPhoto,
  ])
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

/** The scanner's chunk and OCR files the page has fetched so far. */
const scannerFilesLoaded = () =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /\/card-reader-|\/assets\/ocr\//.test(path)),
  )

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
    await page.goto(`${app.url}/`)
    await page.getByRole('heading', { level: 1, name: 'FiveConnect' }).waitFor()
    expect(await scannerFilesLoaded()).toEqual([])
    await registerThroughForm(page, app.url, {
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'katherine@example.com',
      password: 'orbital-mechanics-1',
    })
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), READ)
      .toBe(true)
    // Neither the landing page nor Home loads the scanner's code or OCR files.
    expect(await scannerFilesLoaded()).toEqual([])

    // A photo with nothing legible on it says so, and the camera stays ready.
    await page.getByRole('link', { name: 'Add Connection' }).first().click()
    await page.getByRole('button', { name: 'Scan business card' }).click()
    const scanner = page.getByRole('dialog', { name: 'Scan Business Card' })
    const chooser = page.waitForEvent('filechooser')
    await scanner.getByRole('button', { name: 'Choose a photo' }).click()
    await (await chooser).setFiles(blankPhoto)
    await scanner.getByText('No text found on the card. Try again with more light.').waitFor(READ)
    await scanner.getByRole('button', { name: 'Cancel' }).click()
    await page.goto(`${app.url}/`)

    const dialog = await scanCard()
    expect(await scannerFilesLoaded()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/card-reader-/),
        expect.stringMatching(/\/worker\.min\.js$/),
      ]),
    )
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
    // The service worker kept the OCR files from the first scan (they are not precached).
    const kept = await page.evaluate(async () =>
      (await (await caches.open('ocr')).keys()).map((request) => new URL(request.url).pathname),
    )
    expect(kept.map((path) => path.replace(/^\/assets\/ocr\/[^/]+\//, ''))).toEqual(
      expect.arrayContaining([
        'worker.min.js',
        'eng.traineddata.gz',
        'nld.traineddata.gz',
        'fra.traineddata.gz',
      ]),
    )
    expect(kept.some((path) => /tesseract-core-.*lstm\.wasm\.js$/.test(path))).toBe(true)
    await context.setOffline(true)
    const dialog = await scanCard()
    expect(await dialog.getByLabel('Last name').inputValue()).toBe(CARD.lastName)
    await dialog.getByRole('button', { name: 'Use these details' }).click()
    await page.getByRole('img', { name: 'Photo 1, waiting to upload' }).waitFor()
    await page.getByRole('button', { name: 'Save Connection' }).click()
    await page.getByText('Saved on this device: it syncs once you are back online.').waitFor()

    // Back online, the connection syncs with the card photo it kept.
    await context.setOffline(false)
    const synced = async () => {
      const response = await context.request.get(`${app.url}/api/connections`)
      return ((await response.json()) as ServerConnection[]).map(({ photos }) => photos.length)
    }
    await expect.poll(synced, READ).toEqual([1, 1])
  })
})

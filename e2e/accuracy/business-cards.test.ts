import { execFile } from 'node:child_process'
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import {
  CARD_OCR_LANGUAGES,
  CARD_OCR_PARAMETERS,
  CARD_OCR_WIDTH,
  greyForOcr,
  readingOfCard,
  type CardPrint,
} from '@fiveconnect/api/business-card'
import {
  evenLight,
  hasFullStop,
  straightenCard,
  unreadPrint,
  type Rectangle,
} from '@fiveconnect/api/card-image'
import type { Browser, Page } from 'playwright-core'
import { createWorker, OEM, type PSM, type Worker } from 'tesseract.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CARD_FIELDS,
  CARDS,
  isRightField,
  missingCardFonts,
  photographCard,
  photoSettings,
  scoreScans,
  scoreTable,
  type CardSpec,
  type ScannedCard,
} from '../src/business-cards.ts'
import { launchBrowser } from '../src/browser.ts'

const run = promisify(execFile)
/**
 * The traineddata the client serves (tessdata_best, integer, for the LSTM engine), gathered in one
 * folder as the client serves them: tesseract.js looks for every language in one place.
 */
async function traineddataFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'fiveconnect-traineddata-'))
  const languages = Object.values(CARD_OCR_LANGUAGES).flatMap((names) => names.split('+'))
  await Promise.all(
    languages.map((language) => {
      const file = `${language}.traineddata.gz`
      const data = dirname(
        createRequire(import.meta.url).resolve(`@tesseract.js-data/${language}/package.json`),
      )
      return copyFile(join(data, '4.0.0_best_int', file), join(folder, file))
    }),
  )
  return folder
}

/**
 * The photo as the scanner hands it to OCR: straightened, greyed and evened by the scanner's own
 * functions, put on the page by their source, on a canvas in Chromium. The page keeps its pixels
 * for unreadInChromium.
 */
async function preparedInChromium(page: Page, photo: Buffer): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ source, width }) => {
      const scanner = globalThis as unknown as {
        straightenCard: typeof straightenCard
        greyForOcr: typeof greyForOcr
        evenLight: typeof evenLight
        preparedCard: ReturnType<typeof straightenCard>
      }
      const image = new Image()
      image.src = source
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d')
      if (!context) throw new Error('No canvas')
      context.drawImage(image, 0, 0)
      const card = scanner.straightenCard(
        context.getImageData(0, 0, image.width, image.height),
        width,
      )
      scanner.greyForOcr(card.data)
      scanner.evenLight(card)
      scanner.preparedCard = card
      canvas.width = card.width
      canvas.height = card.height
      context.putImageData(new ImageData(card.data, card.width, card.height), 0, 0)
      return canvas.toDataURL('image/png')
    },
    { source: `data:image/jpeg;base64,${photo.toString('base64')}`, width: CARD_OCR_WIDTH },
  )
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
}

/**
 * The blocks of print on the page's last prepared card that a reading left partly unread, found by
 * the scanner's own function.
 */
function unreadInChromium(
  page: Page,
  read: Parameters<typeof unreadPrint>[1],
): Promise<Rectangle[]> {
  return page.evaluate((boxes) => {
    const scanner = globalThis as unknown as {
      unreadPrint: typeof unreadPrint
      preparedCard: ReturnType<typeof straightenCard>
    }
    return scanner.unreadPrint(scanner.preparedCard, boxes)
  }, read)
}

/** Whether the page's last prepared card shows a full stop there, by the scanner's own function. */
function fullStopInChromium(
  page: Page,
  ...where: Parameters<CardPrint['hasFullStop']>
): Promise<boolean> {
  return page.evaluate((where) => {
    const scanner = globalThis as unknown as {
      hasFullStop: typeof hasFullStop
      preparedCard: ReturnType<typeof straightenCard>
    }
    return scanner.hasFullStop(scanner.preparedCard, ...where)
  }, where)
}

let browser: Browser
let traineddata: string
const workers: Worker[] = []
let imageDir: string
const scans: (ScannedCard & { text: string })[] = []

async function startWorker(languages: string): Promise<Worker> {
  const worker = await createWorker(languages, OEM.LSTM_ONLY, {
    langPath: traineddata,
    cacheMethod: 'none',
  })
  workers.push(worker)
  await worker.setParameters({
    ...CARD_OCR_PARAMETERS,
    tessedit_pageseg_mode: CARD_OCR_PARAMETERS.tessedit_pageseg_mode as PSM,
  })
  return worker
}

type Lane = { page: Page; plain: Worker; accented: Worker }

/** One OCR lane: its own page and tesseract workers, so two cards are read at once (2 cores). */
async function openLane(): Promise<Lane> {
  const [page, plain, accented] = await Promise.all([
    browser.newPage(),
    startWorker(CARD_OCR_LANGUAGES.plain),
    startWorker(CARD_OCR_LANGUAGES.accented),
  ])
  await page.addScriptTag({
    content: [straightenCard, greyForOcr, evenLight, unreadPrint, hasFullStop]
      .map(
        (scannerFunction) => `globalThis.${scannerFunction.name} = ${scannerFunction.toString()}`,
      )
      .join('\n'),
  })
  return { page, plain, accented }
}

beforeAll(async () => {
  const missing = await missingCardFonts(async (family) => {
    const { stdout } = await run('fc-list', ['-f', '%{slant}\n', family])
    return stdout
  })
  if (missing.length > 0)
    throw new Error(
      `The test cards' fonts are not installed: ${missing.join(', ')}. Run scripts/setup-test-deps.sh.`,
    )
  imageDir = await mkdtemp(join(tmpdir(), 'fiveconnect-cards-'))
  traineddata = await traineddataFolder()
  browser = await launchBrowser()
  // Each lane photographs its next card while the other's is in OCR, so Chromium and the
  // tesseract workers keep the cores busy.
  let next = 0
  async function readCards({ page, plain, accented }: Lane) {
    for (let index = next++; index < CARDS.length; index = next++) {
      const card = CARDS[index] as CardSpec
      const photo = photoSettings(index)
      const jpeg = await photographCard(browser, card, photo)
      // Kept in a temporary folder (printed below) for a person to look at when a field fails.
      await writeFile(join(imageDir, `card-${String(index + 1).padStart(2, '0')}.jpg`), jpeg)
      const prepared = await preparedInChromium(page, jpeg)
      const output = { text: true, blocks: true }
      let text = ''
      // As a user whose phone is set to US English reads it: numbers without +1 are American.
      const reading = await readingOfCard(
        async (rectangle) => {
          const options = rectangle ? { rectangle } : {}
          const [plainReading, accentedReading] = await Promise.all([
            plain.recognize(prepared, options, output),
            accented.recognize(prepared, options, output),
          ])
          text += plainReading.data.text
          return { plain: plainReading.data, accented: accentedReading.data }
        },
        {
          unreadBlocks: (read) => unreadInChromium(page, read),
          hasFullStop: (...where) => fullStopInChromium(page, ...where),
        },
        'US',
      )
      scans[index] = { card, photo, got: reading?.card ?? null, text }
    }
  }
  const lanes = await Promise.all([openLane(), openLane()])
  await Promise.all(lanes.map(readCards))
}, 1_800_000)
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.terminate()))
  await browser?.close()
  if (traineddata) await rm(traineddata, { recursive: true, force: true })
  if (process.env.KEEP_CARD_IMAGES) console.log(`Card images: ${imageDir}`)
  else if (imageDir) await rm(imageDir, { recursive: true, force: true })
})

/**
 * Issue 31's floors: 90% of all fields, and 95% of emails and of phones (the scanner reads 95% of
 * all fields, 65 of 68 emails and 65 of 68 phones today, with no wrong email, phone, website or
 * profile filled in; the three it misses are small blurred photos whose contact lines Tesseract
 * cannot read).
 */
const FLOORS = { all: 0.9, email: 0.95, phone: 0.95 }

describe(`reading ${CARDS.length} photographed business cards`, () => {
  it("reports per-field accuracy by rotation and meets issue 31's floors", () => {
    const score = scoreScans(scans)
    console.log(`Per-field accuracy by rotation:\n${scoreTable(score)}`)
    for (const [index, { card, photo, got, text }] of scans.entries()) {
      const wrong = CARD_FIELDS.filter(
        (field) => !isRightField(field, card[field], got?.[field] ?? ''),
      )
      if (wrong.length > 0)
        console.log(
          `card-${String(index + 1).padStart(2, '0')} ${card.firstName} ${card.lastName} (${card.layout}, ${card.font}, ${photo.rotation.toFixed(1)}°, ${photo.cardHeight} px, q${photo.jpegQuality}, blur ${photo.blur.toFixed(2)}): ${wrong.map((field) => `${field} '${got?.[field] ?? ''}'`).join(', ')}\n---\n${text}---`,
        )
    }
    expect(CARDS.length).toBeGreaterThanOrEqual(60)
    expect(score.total.nothing, "cards read as 'No text found'").toBe(0)
    const share = ({ right, of }: { right: number; of: number }) => right / of
    expect(share(score.total.all), 'all fields').toBeGreaterThanOrEqual(FLOORS.all)
    expect(share(score.total.byField.email), 'emails').toBeGreaterThanOrEqual(FLOORS.email)
    expect(share(score.total.byField.phone), 'phones').toBeGreaterThanOrEqual(FLOORS.phone)
  })
})

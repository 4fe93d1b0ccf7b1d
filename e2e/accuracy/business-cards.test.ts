import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import {
  CARD_OCR_PARAMETERS,
  greyForOcr,
  parseBusinessCard,
  type BusinessCard,
} from '@fiveconnect/api/business-card'
import type { Browser } from 'playwright-core'
import { createWorker, OEM, type PSM, type Worker } from 'tesseract.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARDS, photographCard } from '../src/business-cards.ts'
import { launchBrowser } from '../src/browser.ts'

/** The traineddata the client serves: tessdata_best (integer), for the LSTM engine. */
const LANG_PATH = join(
  dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
)
const FIELDS = [
  'firstName',
  'lastName',
  'company',
  'title',
  'email',
  'phone',
  'website',
  'linkedin',
] as const

/** Exact, but for letter case and spacing; phones by their digits. */
function isRight(field: (typeof FIELDS)[number], expected: string, got: string) {
  if (field === 'phone') return got.replace(/\D/g, '') === expected.replace(/\D/g, '')
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()
  return plain(got) === plain(expected)
}

/** The photo as the scanner hands it to OCR: greyed by the same function, on a canvas in Chromium. */
async function greyedInChromium(photo: Buffer): Promise<Buffer> {
  const page = await browser.newPage()
  try {
    // The scanner's own function, put on the page as it is.
    await page.addScriptTag({ content: `globalThis.greyForOcr = ${greyForOcr.toString()}` })
    const dataUrl = await page.evaluate(
      async (source) => {
        const { greyForOcr: greyPixels } = globalThis as unknown as {
          greyForOcr: (pixels: Uint8ClampedArray) => void
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
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height)
        greyPixels(pixels.data)
        context.putImageData(pixels, 0, 0)
        return canvas.toDataURL('image/png')
      },
      `data:image/png;base64,${photo.toString('base64')}`,
    )
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  } finally {
    await page.close()
  }
}

let browser: Browser
let worker: Worker
let imageDir: string
const readings: { expected: BusinessCard; got: BusinessCard; text: string }[] = []

beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), 'fiveconnect-cards-'))
  ;[browser, worker] = await Promise.all([
    launchBrowser(),
    createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, cacheMethod: 'none' }),
  ])
  await worker.setParameters({
    ...CARD_OCR_PARAMETERS,
    tessedit_pageseg_mode: CARD_OCR_PARAMETERS.tessedit_pageseg_mode as PSM,
  })
  for (const [index, card] of CARDS.entries()) {
    const photo = await photographCard(browser, card, index)
    // Kept in a temporary folder (printed below) for a person to look at when a field fails.
    await writeFile(join(imageDir, `card-${String(index + 1).padStart(2, '0')}.png`), photo)
    // As a user whose phone is set to US English reads it: numbers without +1 are American.
    const { data } = await worker.recognize(await greyedInChromium(photo))
    readings.push({
      expected: card,
      got: parseBusinessCard(data.text, { country: 'US' }),
      text: data.text,
    })
  }
}, 600_000)
afterAll(async () => {
  await worker?.terminate()
  await browser?.close()
  if (process.env.KEEP_CARD_IMAGES) console.log(`Card images: ${imageDir}`)
  else if (imageDir) await rm(imageDir, { recursive: true, force: true })
})

describe(`reading ${CARDS.length} photographed business cards`, () => {
  it('reports per-field accuracy and meets the floors', () => {
    const share = (field: (typeof FIELDS)[number]) => {
      const printed = readings.filter(({ expected }) => expected[field] !== '')
      const right = printed.filter(({ expected, got }) =>
        isRight(field, expected[field], got[field]),
      )
      return { right: right.length, of: printed.length, share: right.length / printed.length }
    }
    const report = Object.fromEntries(FIELDS.map((field) => [field, share(field)]))
    console.log(
      ['Per-field accuracy:']
        .concat(FIELDS.map((field) => `  ${field}: ${report[field]?.right}/${report[field]?.of}`))
        .join('\n'),
    )
    for (const { expected, got, text } of readings) {
      const wrong = FIELDS.filter((field) => !isRight(field, expected[field], got[field]))
      if (wrong.length > 0)
        console.log(
          `${expected.firstName} ${expected.lastName}: ${wrong.map((field) => `${field} '${got[field]}'`).join(', ')}\n---\n${text}---`,
        )
    }
    expect(CARDS.length).toBeGreaterThanOrEqual(20)
    expect(report.email?.share).toBeGreaterThanOrEqual(0.9)
    expect(report.phone?.share).toBeGreaterThanOrEqual(0.9)
    for (const field of ['firstName', 'lastName', 'company'] as const)
      expect(report[field]?.share, field).toBeGreaterThanOrEqual(0.8)
  })
})

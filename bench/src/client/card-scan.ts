// The business card scanner (issues 24 and 31): how long from opening it to the fields filled, on
// this machine's Chromium, how much it downloads, and how many fields of the photographed test set
// it reads right, by rotation. `tsx src/client/card-scan.ts` runs it alone against the built app on
// PGlite.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchBrowser, PHONE } from '@fiveconnect/e2e/browser'
import {
  CARD_FIELDS,
  CARDS,
  photographCard,
  photoSettings,
  scoreScans,
  type CardSpec,
  type ScannedCard,
} from '@fiveconnect/e2e/business-cards'
import type { Figure } from '../report.ts'
import { fileURLToPath } from 'node:url'
import { makeDataDir, pgliteDirOf, REPO_ROOT, startAppServer } from '../app-server.ts'
import { percentile } from '../stats.ts'
import { spreadEvenly } from '../sizes.ts'

const KB = 1000
/** The scanner's field labels. */
const LABELS: Record<(typeof CARD_FIELDS)[number], string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  title: 'Job title (added to the notes)',
  email: 'Email',
  phone: 'Phone',
  website: 'Website',
  linkedin: 'LinkedIn',
}

/** The OCR files (worker, core builds, traineddata) and the scanner's own chunk, gzipped. */
export async function cardScanSizes(clientDist: string): Promise<Figure[]> {
  const assets = join(clientDist, 'assets')
  const [ocrDir] = await readdir(join(assets, 'ocr'))
  if (!ocrDir) throw new Error('No OCR files in the client build')
  const files = (await readdir(join(assets, 'ocr', ocrDir))).map((name) =>
    join('ocr', ocrDir, name),
  )
  const reader = (await readdir(assets)).filter((name) => /^card-reader-.*\.js$/.test(name))
  return Promise.all(
    [...reader, ...files].map(async (file) => {
      const content = await readFile(join(assets, file))
      // The traineddata is gzip already and sent as it is.
      const sent = file.endsWith('.gz') ? content.length : gzipSync(content, { level: 9 }).length
      return {
        group: 'Client',
        name: `card scanner: ${file.replace(/^ocr\/[^/]+\//, 'ocr/')} (gzip)`,
        unit: 'kB',
        value: sent / KB,
      }
    }),
  )
}

/**
 * Signs up a fresh user, then reads the photographed test cards (all, or `count` spread evenly over
 * the set, so over its layouts and angles) through Add Connection's scanner
 * ('Choose a photo'): the time from the tap on 'Scan business card' to the fields shown (the first
 * card with the OCR files still to download), and the fields it filled right by rotation bucket.
 */
export async function measureCardScan(baseUrl: string, count: number | 'all'): Promise<Figure[]> {
  const chosen = spreadEvenly([...CARDS.keys()], count)
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext(PHONE)
    const password = 'card-scan-bench-1'
    const response = await context.request.post(`${baseUrl}/api/register`, {
      data: {
        firstName: 'Bench',
        lastName: 'Cards',
        email: 'cards@bench.example',
        password,
        confirmPassword: password,
      },
      headers: { Origin: baseUrl },
    })
    if (!response.ok()) throw new Error(`register: ${response.status()}`)
    const page = await context.newPage()
    const seconds: number[] = []
    const scans: ScannedCard[] = []
    for (const index of chosen) {
      const card = CARDS[index] as CardSpec
      const photo = photoSettings(index)
      const jpeg = await photographCard(browser, card, photo)
      await page.goto(`${baseUrl}/add-connection`)
      await page.getByRole('button', { name: 'Scan business card' }).click()
      const started = performance.now()
      const dialog = page.getByRole('dialog', { name: 'Scan Business Card' })
      const chooser = page.waitForEvent('filechooser')
      await dialog.getByRole('button', { name: 'Choose a photo' }).click()
      await (await chooser).setFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: jpeg })
      const use = dialog.getByRole('button', { name: 'Use these details' })
      await use.or(dialog.getByText('No text found on the card.')).waitFor({ timeout: 120_000 })
      seconds.push((performance.now() - started) / 1000)
      if (!(await use.isVisible())) {
        scans.push({ card, photo, got: null })
        continue
      }
      const got = {} as NonNullable<ScannedCard['got']>
      for (const field of CARD_FIELDS)
        got[field] = await dialog.getByLabel(LABELS[field], { exact: true }).inputValue()
      scans.push({ card, photo, got })
    }
    const share = ({ right, of }: { right: number; of: number }) => (of ? (right / of) * 100 : 0)
    const score = scoreScans(scans)
    const accuracy: Figure[] = [
      ...score.buckets.flatMap(({ name, all, byField, cards }) => [
        {
          group: 'Client',
          name: `card scanner: fields right, rotation ${name} (${cards} cards)`,
          unit: '%',
          value: share(all),
        },
        ...(['email', 'phone'] as const).map((field) => ({
          group: 'Client',
          name: `card scanner: ${field} right, rotation ${name}`,
          unit: '%',
          value: share(byField[field]),
        })),
      ]),
      ...CARD_FIELDS.map((field) => ({
        group: 'Client',
        name: `card scanner: ${field} right, all ${scans.length} cards`,
        unit: '%',
        value: share(score.total.byField[field]),
      })),
      {
        group: 'Client',
        name: `card scanner: fields right, all ${scans.length} cards`,
        unit: '%',
        value: share(score.total.all),
      },
      {
        group: 'Client',
        name: "card scanner: cards read as 'No text found'",
        unit: 'cards',
        value: score.total.nothing,
      },
    ]
    const [first = 0, ...warm] = seconds
    return [
      {
        group: 'Client',
        name: 'card scanner: open to filled fields, first use (downloads OCR files)',
        unit: 's',
        value: first,
      },
      {
        group: 'Client',
        name: `card scanner: open to filled fields, median of ${warm.length} later cards`,
        unit: 's',
        value: percentile(
          [...warm].sort((a, b) => a - b),
          50,
        ),
      },
      ...accuracy,
    ]
  } finally {
    await browser.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startAppServer({ kind: 'pglite', dataDir: pgliteDirOf(await makeDataDir()) })
  try {
    const figures = [
      ...(await cardScanSizes(join(REPO_ROOT, 'apps/client/dist'))),
      ...(await measureCardScan(server.url, 'all')),
    ]
    for (const figure of figures)
      console.info(`${figure.name}: ${figure.value?.toFixed(2)} ${figure.unit}`)
  } finally {
    await server.stop()
  }
}

/**
 * Reads a business card on the device: tesseract.js in two web workers, one per traineddata of
 * CARD_OCR_LANGUAGES (English, and the accents), with their worker script, WebAssembly core and
 * traineddata from our own server (the service worker keeps them after the first scan). Imported
 * only when the scanner opens: it and tesseract.js are a chunk of their own.
 */
import {
  CARD_OCR_LANGUAGES,
  CARD_OCR_PARAMETERS,
  CARD_OCR_WIDTH,
  greyForOcr,
  readingOfCard,
  type CardReading,
} from '@fiveconnect/api/business-card'
import { evenLight, hasFullStop, straightenCard, unreadPrint } from '@fiveconnect/api/card-image'
import { createWorker, OEM, type PSM, type Worker } from 'tesseract.js'

/** The steps tesseract.js reports, and the share of the whole wait each one ends at. */
const STEPS: Record<string, [start: number, end: number]> = {
  'loading tesseract core': [0, 0.15],
  'loading language traineddata': [0.15, 0.3],
  'initializing api': [0.3, 0.35],
  'recognizing text': [0.35, 1],
}

type Readers = Record<keyof typeof CARD_OCR_LANGUAGES, Worker>

let readers: Promise<Readers> | null = null
let report: (fraction: number) => void = () => {}

/** A worker for these languages; `onProgress` hears how far along its loading and reading are. */
async function startWorker(languages: string, onProgress: (fraction: number) => void) {
  const worker = await createWorker(languages, OEM.LSTM_ONLY, {
    workerPath: `${__OCR_DIR__}/worker.min.js`,
    corePath: __OCR_DIR__,
    langPath: __OCR_DIR__,
    // A script URL, not a blob: URL, which the Content-Security-Policy does not allow as a worker.
    workerBlobURL: false,
    // The service worker keeps the traineddata; a second copy in IndexedDB would only take space.
    cacheMethod: 'none',
    logger: ({ status, progress }) => {
      const step = STEPS[status]
      if (step) onProgress(step[0] + (step[1] - step[0]) * progress)
    },
  })
  await worker.setParameters({
    ...CARD_OCR_PARAMETERS,
    tessedit_pageseg_mode: CARD_OCR_PARAMETERS.tessedit_pageseg_mode as PSM,
  })
  return worker
}

/** Both workers, loading side by side; the progress shown is the slower one's. */
function startReaders(): Promise<Readers> {
  if (readers) return readers
  const progress = { plain: 0, accented: 0 }
  const start = (reader: keyof Readers) =>
    startWorker(CARD_OCR_LANGUAGES[reader], (fraction) => {
      progress[reader] = fraction
      report(Math.min(progress.plain, progress.accented))
    })
  const [plain, accented] = [start('plain'), start('accented')]
  readers = Promise.all([plain, accented]).then(([plain, accented]) => ({ plain, accented }))
  readers.catch(() => {
    // The next scan starts again; a worker that did start is freed.
    readers = null
    for (const worker of [plain, accented])
      void worker.then((started) => started.terminate()).catch(() => {})
  })
  return readers
}

/**
 * The card found in the photo, straightened, scaled to the width OCR reads best at, greyed and its
 * light evened out: its pixels, and a canvas of them for tesseract.js.
 */
function prepared(photo: HTMLCanvasElement) {
  const context = photo.getContext('2d')
  if (!context) throw new Error('No canvas to read the card on')
  const card = straightenCard(context.getImageData(0, 0, photo.width, photo.height), CARD_OCR_WIDTH)
  greyForOcr(card.data)
  evenLight(card)
  const canvas = document.createElement('canvas')
  canvas.width = card.width
  canvas.height = card.height
  canvas.getContext('2d')?.putImageData(new ImageData(card.data, card.width, card.height), 0, 0)
  return { card, canvas }
}

/** The user's region ('GB' for en-GB), for numbers printed without a country code. */
function localeRegion(): string | undefined {
  try {
    return new Intl.Locale(navigator.language).maximize().region
  } catch {
    return undefined
  }
}

/** Starts loading the OCR worker, core and traineddata, so they are ready when the photo is. */
export function prepareReading(): void {
  startReaders().catch(() => {})
}

/**
 * What the card says, with the fields to check and the lines that did not validate, or null when
 * OCR found no word on it. Tesseract's blocks carry each word's confidence.
 */
export async function readCard(
  image: HTMLCanvasElement,
  onProgress: (fraction: number) => void,
): Promise<CardReading | null> {
  report = onProgress
  const { plain, accented } = await startReaders()
  const { card, canvas } = prepared(image)
  const output = { text: true, blocks: true }
  const reading = await readingOfCard(
    async (rectangle) => {
      const options = rectangle ? { rectangle } : {}
      const [plainReading, accentedReading] = await Promise.all([
        plain.recognize(canvas, options, output),
        accented.recognize(canvas, options, output),
      ])
      // The bar ends with the whole card's reading; a block read again after it is short.
      report = () => {}
      return { plain: plainReading.data, accented: accentedReading.data }
    },
    {
      unreadBlocks: (read) => unreadPrint(card, read),
      hasFullStop: (stretch, baseline, letters) => hasFullStop(card, stretch, baseline, letters),
    },
    localeRegion(),
  )
  onProgress(1)
  return reading
}

/** Frees the workers (tens of MB each) once the scanner closes. */
export function stopReading(): void {
  const current = readers
  readers = null
  void current
    ?.then(({ plain, accented }) => Promise.all([plain.terminate(), accented.terminate()]))
    .catch(() => {})
}

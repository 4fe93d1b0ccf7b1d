/**
 * Reads a business card on the device: tesseract.js in a web worker, with its worker script,
 * WebAssembly core and English traineddata from our own server (the service worker keeps them after
 * the first scan). Imported only when the scanner opens: it and tesseract.js are a chunk of their own.
 */
import {
  CARD_OCR_PARAMETERS,
  CARD_OCR_WIDTH,
  greyForOcr,
  readingOfOcr,
  type CardReading,
} from '@fiveconnect/api/business-card'
import { evenLight, straightenCard } from '@fiveconnect/api/card-image'
import { createWorker, OEM, type PSM, type Worker } from 'tesseract.js'

/** The steps tesseract.js reports, and the share of the whole wait each one ends at. */
const STEPS: Record<string, [start: number, end: number]> = {
  'loading tesseract core': [0, 0.15],
  'loading language traineddata': [0.15, 0.3],
  'initializing api': [0.3, 0.35],
  'recognizing text': [0.35, 1],
}

let reader: Promise<Worker> | null = null
let report: (fraction: number) => void = () => {}

function startReader(): Promise<Worker> {
  reader ??= createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${__OCR_DIR__}/worker.min.js`,
    corePath: __OCR_DIR__,
    langPath: __OCR_DIR__,
    // A script URL, not a blob: URL, which the Content-Security-Policy does not allow as a worker.
    workerBlobURL: false,
    // The service worker keeps the traineddata; a second copy in IndexedDB would only take space.
    cacheMethod: 'none',
    logger: ({ status, progress }) => {
      const step = STEPS[status]
      if (step) report(step[0] + (step[1] - step[0]) * progress)
    },
  }).then(async (worker) => {
    await worker.setParameters({
      ...CARD_OCR_PARAMETERS,
      tessedit_pageseg_mode: CARD_OCR_PARAMETERS.tessedit_pageseg_mode as PSM,
    })
    return worker
  })
  reader.catch(() => (reader = null))
  return reader
}

/**
 * The card found in the photo, straightened, scaled to the width OCR reads best at, greyed and its
 * light evened out.
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
  return canvas
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
  startReader().catch(() => {})
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
  const worker = await startReader()
  const { data } = await worker.recognize(prepared(image), {}, { text: true, blocks: true })
  onProgress(1)
  return readingOfOcr(data, { country: localeRegion() })
}

/** Frees the worker (tens of MB) once the scanner closes. */
export function stopReading(): void {
  const current = reader
  reader = null
  void current?.then((worker) => worker.terminate()).catch(() => {})
}

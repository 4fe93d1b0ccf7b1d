import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { percentile } from '../stats.ts'

// Its declaration names Lighthouse's global LH namespace, which only Lighthouse's own build sees.
const medianRunOf = computeMedianRun as (runs: Result[]) => Result

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export type LighthouseFigures = {
  /** 0–100, the median of the runs' scores. */
  performanceScore: number
  lcpMs: number
  /**
   * Total Blocking Time, the median of the runs': what the main thread's tasks last past 50 ms
   * between first paint and interactive.
   */
  tbtMs: number
  cls: number
  /** Paths of the scripts the page loaded (matched against the build's chunk sizes). */
  scriptPaths: string[]
  /** Runs started again because Lighthouse failed to record their trace (see withTraceRetries). */
  retries: number
}

type NetworkRequestItem = { url: string; resourceType?: string }

/**
 * Lighthouse's advice for a figure that holds still: several runs, and the one nearest their median.
 * Five, as the targets are stated: TBT alone moves by hundreds of milliseconds between runs here.
 */
export const LIGHTHOUSE_RUNS = 5

/**
 * Lighthouse's default mobile run (emulated phone, simulated slow 4G and CPU) of one page, with
 * Debian's Chromium, LIGHTHOUSE_RUNS times, each in a fresh browser. The score and TBT are the
 * medians of the runs'; the other figures are those of the median run (Lighthouse's own choice: nearest
 * the median FCP and time to interactive). `cookie` is sent with every request, for a signed-in page.
 */
export async function runLighthouse(url: string, cookie?: string): Promise<LighthouseFigures> {
  const runs: Result[] = []
  let retries = 0
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    const recorded = await withTraceRetries(() => runOnce(url, cookie))
    runs.push(recorded.lhr)
    retries += recorded.retries
  }
  const scores = runs.map((run) => scoreOf(run, url))
  const blocking = runs.map((run) => figuresOf(run, url).tbtMs)
  return {
    ...figuresOf(medianRunOf(runs), url),
    tbtMs: percentile(
      blocking.sort((a, b) => a - b),
      50,
    ),
    retries,
    performanceScore: percentile(
      scores.sort((a, b) => a - b),
      50,
    ),
  }
}

/**
 * Lighthouse's codes for a trace it failed to record (its 'badTraceRecording' errors): the browser's
 * fault, not the page's, so the run is started again. A page that never paints (NO_FCP) is not here.
 */
const TRACE_NOT_RECORDED = new Set([
  'NO_TRACING_STARTED',
  'NO_RESOURCE_REQUEST',
  'NO_NAVSTART',
  'NO_DCL',
  'NO_FMP',
])
/** Attempts after the first for a run whose trace was not recorded. */
export const MAX_TRACE_RETRIES = 2

/**
 * Runs `run` again, at most MAX_TRACE_RETRIES times, while Lighthouse answers that it failed to record
 * the trace; any other failure, and the last attempt's, is thrown as it is.
 */
export async function withTraceRetries(
  run: () => Promise<Result>,
): Promise<{ lhr: Result; retries: number }> {
  for (let retries = 0; ; retries += 1) {
    const lhr = await run()
    const code = lhr.runtimeError?.code
    if (code && TRACE_NOT_RECORDED.has(code) && retries < MAX_TRACE_RETRIES) continue
    if (lhr.runtimeError) {
      const attempts = retries > 0 ? ` (after ${retries + 1} attempts)` : ''
      throw new Error(`Lighthouse: ${lhr.runtimeError.message}${attempts}`)
    }
    return { lhr, retries }
  }
}

function scoreOf(lhr: Result, url: string): number {
  const score = lhr.categories.performance?.score
  if (score == null) throw new Error(`Lighthouse could not score ${url}`)
  return score * 100
}

async function runOnce(url: string, cookie: string | undefined): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    return result.lhr
  } finally {
    chrome.kill()
  }
}

function figuresOf(
  lhr: Result,
  url: string,
): Omit<LighthouseFigures, 'performanceScore' | 'retries'> {
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue
  const tbt = lhr.audits['total-blocking-time']?.numericValue
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue
  if (lcp === undefined || tbt === undefined || cls === undefined) {
    throw new Error(`Lighthouse could not measure ${url}`)
  }
  const details = lhr.audits['network-requests']?.details
  const items = (details && 'items' in details ? details.items : []) as NetworkRequestItem[]
  const scriptPaths = items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => new URL(item.url).pathname.replace(/^\//, ''))
  return { lcpMs: lcp, tbtMs: tbt, cls, scriptPaths }
}

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

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
  /** 0–100. */
  performanceScore: number
  lcpMs: number
  cls: number
  /** Paths of the scripts the page loaded (matched against the build's chunk sizes). */
  scriptPaths: string[]
}

type NetworkRequestItem = { url: string; resourceType?: string }

/**
 * Lighthouse's default mobile run (emulated phone, simulated slow 4G and CPU) of one page, with
 * Debian's Chromium. `cookie` is sent with every request, for a signed-in page.
 */
export async function runLighthouse(url: string, cookie?: string): Promise<LighthouseFigures> {
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
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    const score = lhr.categories.performance?.score
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue
    if (score == null || lcp === undefined || cls === undefined) {
      throw new Error(`Lighthouse could not measure ${url}`)
    }
    const details = lhr.audits['network-requests']?.details
    const items = (details && 'items' in details ? details.items : []) as NetworkRequestItem[]
    const scriptPaths = items
      .filter((item) => item.resourceType === 'Script')
      .map((item) => new URL(item.url).pathname.replace(/^\//, ''))
    return { performanceScore: score * 100, lcpMs: lcp, cls, scriptPaths }
  } finally {
    chrome.kill()
  }
}

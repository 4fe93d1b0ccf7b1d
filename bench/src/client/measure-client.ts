import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { REPO_ROOT } from '../app-server.ts'
import { messageOf } from '../messages.ts'
import type { Figure } from '../report.ts'
import { jsLoadedBy, LANDING_INITIAL_JS, lighthouseScore, lighthouseTbt } from '../targets.ts'
import { cardScanSizes, measureCardScan } from './card-scan.ts'
import { gzipBytesOf, initialScripts, measureChunks, type Chunk } from './chunks.ts'
import { LIGHTHOUSE_RUNS, runLighthouse } from './lighthouse.ts'

const CLIENT_DIST = join(REPO_ROOT, 'apps/client/dist')
const KB = 1000

/** The client build's sizes, Lighthouse on the landing page and the signed-in home, the card scanner. */
export async function measureClient(
  baseUrl: string,
  cookie: string | undefined,
  log: (message: string) => void,
  scannedCards: number | 'all',
): Promise<Figure[]> {
  const figures: Figure[] = []
  let chunks: Chunk[]
  try {
    chunks = await measureChunks(CLIENT_DIST)
    // Signed-out visitors get the prerendered landing page, which loads only its own small script.
    const landing = initialScripts(await readFile(join(CLIENT_DIST, 'landing.html'), 'utf8'))
    const appShell = initialScripts(await readFile(join(CLIENT_DIST, 'index.html'), 'utf8'))
    figures.push(
      {
        group: 'Client',
        name: LANDING_INITIAL_JS,
        unit: 'kB',
        value: gzipBytesOf(chunks, landing) / KB,
      },
      {
        group: 'Client',
        name: 'app shell initial JS (gzip)',
        unit: 'kB',
        value: gzipBytesOf(chunks, appShell) / KB,
      },
    )
    for (const chunk of chunks) {
      figures.push({
        group: 'Client',
        name: `chunk ${chunk.file} (gzip)`,
        unit: 'kB',
        value: chunk.gzipBytes / KB,
      })
    }
  } catch (error) {
    figures.push({ group: 'Client', name: 'client build', unit: 'kB', error: messageOf(error) })
    return figures
  }

  const pages = [
    { name: 'landing page', cookie: undefined },
    { name: 'signed-in home', cookie },
  ]
  for (const page of pages) {
    log(`Lighthouse: ${page.name}, ${LIGHTHOUSE_RUNS} runs`)
    if (page.name === 'signed-in home' && !page.cookie) {
      figures.push({
        group: 'Client',
        name: `Lighthouse ${page.name}`,
        unit: '',
        error: 'no session',
      })
      continue
    }
    try {
      const result = await runLighthouse(`${baseUrl}/`, page.cookie)
      const built = new Set(chunks.map((chunk) => chunk.file))
      const scripts = result.scriptPaths.filter((path) => built.has(path))
      figures.push(
        {
          group: 'Client',
          name: lighthouseScore(page.name),
          unit: '',
          value: result.performanceScore,
        },
        {
          group: 'Client',
          name: `Lighthouse LCP, ${page.name}`,
          unit: 'ms',
          value: result.lcpMs,
        },
        {
          group: 'Client',
          name: lighthouseTbt(page.name),
          unit: 'ms',
          value: result.tbtMs,
        },
        {
          group: 'Client',
          name: `Lighthouse CLS, ${page.name}`,
          unit: '',
          value: result.cls,
        },
        {
          group: 'Client',
          name: `Lighthouse runs retried (trace not recorded), ${page.name}`,
          unit: '',
          value: result.retries,
        },
        {
          group: 'Client',
          name: jsLoadedBy(page.name),
          unit: 'kB',
          value: gzipBytesOf(chunks, scripts) / KB,
        },
      )
    } catch (error) {
      figures.push({
        group: 'Client',
        name: `Lighthouse ${page.name}`,
        unit: '',
        error: messageOf(error),
      })
    }
  }
  log('Card scanner: open to filled fields')
  try {
    figures.push(
      ...(await cardScanSizes(CLIENT_DIST)),
      ...(await measureCardScan(baseUrl, scannedCards)),
    )
  } catch (error) {
    figures.push({ group: 'Client', name: 'card scanner', unit: 's', error: messageOf(error) })
  }
  return figures
}

import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core'
import { watchConsoleErrors } from './console-check.ts'

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  })
  return watchConsoleErrors(browser)
}

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }

const screenshotDir = resolve(import.meta.dirname, '../screenshots')

/** Saves what the page shows now, for a person to look at (e2e/screenshots, not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true })
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true })
}

/**
 * Accessibility violations axe rates serious or critical on the current page, once whatever is moving
 * has come to rest: axe judges contrast with the opacity of the moment, so a toast fading in or out
 * reads as too faint. Endless animations (spinners) are not waited for.
 */
export async function seriousA11yViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map(
        (node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      ),
    }))
}

/**
 * Marks the first-visit welcome as seen in every document the context opens. A document without
 * storage (a file the app opens, sandboxed) cannot read localStorage at all: it is passed over.
 */
export async function skipWelcome(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('hasSeenWelcome', 'true')
    } catch {
      // An opaque origin: nothing to mark.
    }
  })
}

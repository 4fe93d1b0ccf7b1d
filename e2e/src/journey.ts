import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startApp, type RunningApp } from './app-server.ts'
import { launchBrowser } from './browser.ts'

export type Journey = { readonly app: RunningApp; readonly browser: Browser }

/**
 * The production app and Chromium for one journey file: both started before its first test and
 * stopped after its last.
 */
export function appAndBrowser(): Journey {
  const running = {} as { app: RunningApp; browser: Browser }
  beforeAll(async () => {
    ;[running.app, running.browser] = await Promise.all([startApp(), launchBrowser()])
  })
  afterAll(async () => {
    await running.browser?.close()
    await running.app?.stop()
  })
  return running
}

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { DESKTOP, launchBrowser, screenshot } from '../src/browser.ts'

let app: RunningApp
let browser: Browser
beforeAll(async () => {
  ;[app, browser] = await Promise.all([startApp(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('the API reference', () => {
  it('shows the OpenAPI document’s operations, with everything from the app’s own origin', async () => {
    const context = await browser.newContext(DESKTOP)
    const page = await context.newPage()
    const foreignRequests: string[] = []
    const refusedByPolicy: string[] = []
    page.on('request', (request) => {
      const { origin, protocol } = new URL(request.url())
      if (protocol.startsWith('http') && origin !== app.url) foreignRequests.push(request.url())
    })
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refusedByPolicy.push(message.text())
    })

    await page.goto(`${app.url}/api/docs`)
    await page.getByText('FiveConnect API').first().waitFor()
    await page.getByText('Check the server and its database').first().waitFor()
    await screenshot(page, 'api-reference')

    expect(refusedByPolicy).toEqual([])
    expect(foreignRequests).toEqual([])
    await context.close()
  })
})

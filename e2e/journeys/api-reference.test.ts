import { describe, expect, it } from 'vitest'
import { DESKTOP, screenshot } from '../src/browser.ts'
import { appAndBrowser } from '../src/journey.ts'

const journey = appAndBrowser()

describe('the API reference', () => {
  it('shows the OpenAPI document’s operations, with everything from the app’s own origin', async () => {
    const context = await journey.browser.newContext(DESKTOP)
    const page = await context.newPage()
    const foreignRequests: string[] = []
    const refusedByPolicy: string[] = []
    page.on('request', (request) => {
      const { origin, protocol } = new URL(request.url())
      if (protocol.startsWith('http') && origin !== journey.app.url)
        foreignRequests.push(request.url())
    })
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refusedByPolicy.push(message.text())
    })

    await page.goto(`${journey.app.url}/api/docs`)
    await page.getByText('FiveConnect API').first().waitFor()
    await page.getByText('Check the server and its database').first().waitFor()
    await screenshot(page, 'api-reference')

    expect(refusedByPolicy).toEqual([])
    expect(foreignRequests).toEqual([])
    await context.close()
  })
})

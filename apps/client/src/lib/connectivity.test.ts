import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../test/setup.ts'
import { isOnline, reportingFetch } from './connectivity.ts'

const HEALTH = 'http://localhost/api/health'

describe('connectivity', () => {
  it('goes offline when the server cannot be reached, though the browser says online', async () => {
    server.use(http.get(HEALTH, () => HttpResponse.error()))
    await expect(reportingFetch(HEALTH)).rejects.toThrow()
    expect(navigator.onLine).toBe(true)
    expect(isOnline()).toBe(false)

    server.use(
      http.get(HEALTH, () => HttpResponse.json({ status: 'unavailable' }, { status: 503 })),
    )
    await reportingFetch(HEALTH)
    expect(isOnline()).toBe(true)
  })

  it('stays online when the app cancels a request', async () => {
    server.use(http.get(HEALTH, () => new Promise(() => {})))
    const controller = new AbortController()
    const request = reportingFetch(HEALTH, { signal: controller.signal })
    controller.abort()
    await expect(request).rejects.toThrow()
    expect(isOnline()).toBe(true)
  })
})

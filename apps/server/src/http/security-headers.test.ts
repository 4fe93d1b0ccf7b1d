import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app.ts'

describe('security headers', () => {
  let http: TestApp
  let https: TestApp
  beforeAll(async () => {
    ;[http, https] = await Promise.all([createTestApp(), createTestApp({ secureCookies: true })])
  })
  afterAll(async () => {
    await Promise.all([http.close(), https.close()])
  })

  it('forbid inline and remote script, framing, MIME sniffing and referrers on every response', async () => {
    for (const path of ['/api/health', '/api/no-such-route']) {
      const headers = (await http.request(path)).headers
      const csp = headers.get('content-security-policy') ?? ''
      // WebAssembly may compile (the card scanner's OCR); JavaScript eval may not.
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(csp).not.toMatch(/script-src[^;]* 'unsafe-eval'/)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(headers.get('x-frame-options')).toBe('DENY')
      expect(headers.get('x-content-type-options')).toBe('nosniff')
      expect(headers.get('referrer-policy')).toBe('no-referrer')
    }
  })

  it('send HSTS only when the app is served over https', async () => {
    expect((await http.request('/api/health')).headers.get('strict-transport-security')).toBeNull()
    expect((await https.request('/api/health')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('let the browser upload to the S3 endpoint and nowhere else', async () => {
    const s3 = await createTestApp({ uploadOrigins: ['https://files.example.com'] })
    const csp = (await s3.request('/api/health')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("connect-src 'self' https://files.example.com")
    await s3.close()
  })
})

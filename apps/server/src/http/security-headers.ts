import { defaultHeaders, type HeaderList } from './default-headers.ts'

type SecurityHeaderOptions = {
  /** HSTS is only meaningful, and only sent, when the app is served over https. */
  https: boolean
  /** Origins the browser may upload to besides this one (an S3 endpoint's presigned URLs). */
  uploadOrigins?: string[]
}

/**
 * A strict Content-Security-Policy (no inline or remote script), no framing, no referrer (reset links
 * carry their token in the URL), nosniff, and HSTS over https. Mantine sets inline style attributes,
 * so styles alone allow 'unsafe-inline'.
 */
function securityHeaderList({ https, uploadOrigins = [] }: SecurityHeaderOptions): HeaderList {
  const contentSecurityPolicy = [
    "default-src 'self'",
    // WebAssembly (the card scanner's OCR) compiles only with 'wasm-unsafe-eval'; JavaScript eval stays off.
    "script-src 'self' 'wasm-unsafe-eval'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...uploadOrigins].join(' '),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return [
    ['Content-Security-Policy', contentSecurityPolicy],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()'],
    ['Referrer-Policy', 'no-referrer'],
    ...(https
      ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const]
      : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    // The browsers' XSS auditors are gone, and where one is left it could be turned against a page.
    ['X-XSS-Protection', '0'],
  ]
}

/** The security headers on every answer; a page that sets a stricter policy keeps its own (the share page). */
export function securityHeaders(options: SecurityHeaderOptions) {
  return defaultHeaders(securityHeaderList(options))
}

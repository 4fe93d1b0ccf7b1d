import { secureHeaders } from 'hono/secure-headers'

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
export function securityHeaders({ https, uploadOrigins = [] }: SecurityHeaderOptions) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // WebAssembly (the card scanner's OCR) compiles only with 'wasm-unsafe-eval'; JavaScript eval stays off.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...uploadOrigins],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: { camera: ['self'], microphone: ['self'], geolocation: [] },
    // A page that sets its own, stricter, policy keeps it (the share page).
    overwrite: false,
  })
}

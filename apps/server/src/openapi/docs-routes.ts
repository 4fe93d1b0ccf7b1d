import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Serve } from '../routes/route.ts'

export const OPENAPI_PATH = '/api/openapi.json'
export const DOCS_PATH = '/api/docs'

// The package exports no path to its browser bundle: it sits beside the main entry's folder.
const scalarBundlePath = join(
  dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
  'browser',
  'standalone.js',
)

/**
 * The bundle, without the @font-face rules that fetch its web fonts from fonts.scalar.com (which
 * withDefaultFonts: false leaves in): the page uses the system's fonts and asks no other site.
 */
async function readScalarBundle() {
  const bundle = await readFile(scalarBundlePath, 'utf8')
  return bundle.replace(/@font-face\s*\{[^}]*fonts\.scalar\.com[^}]*\}/g, '')
}

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FiveConnect API reference</title>
</head>
<body>
<div id="api-reference"></div>
<script src="${DOCS_PATH}/scalar.js"></script>
<script src="${DOCS_PATH}/start.js"></script>
</body>
</html>
`

// A file of its own rather than an inline script, so the Content-Security-Policy stays strict.
// No fonts, telemetry or proxy from scalar.com: the page loads nothing from another site.
const startScript = `Scalar.createApiReference('#api-reference', ${JSON.stringify({
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  telemetry: false,
})})
`

// The OpenAPI document and the interactive reference (Scalar, served from its npm package). Public:
// the document describes the API, not anyone's data.

/** GET /api/openapi.json: the document of the routes this app serves. */
export const openApiDocument: Serve = ({ document }) => [(c) => c.json(document())]

/** GET /api/docs: the reference page. */
export const docsPage: Serve = () => [(c) => c.html(page)]

/** GET /api/docs/start.js: the page's own script. */
export const docsStartScript: Serve = () => [
  (c) => c.body(startScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
]

/** GET /api/docs/scalar.js: Scalar's browser bundle, read once. */
export const scalarScript: Serve = () => {
  let scalarBundle: Promise<string> | undefined
  return [
    async (c) =>
      c.body(await (scalarBundle ??= readScalarBundle()), 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=86400',
      }),
  ]
}

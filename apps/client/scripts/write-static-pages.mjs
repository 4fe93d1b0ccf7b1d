// Prerenders the pages a signed-out visitor opens (landing, terms, privacy) into dist/ as HTML that
// paints with no JavaScript: the app's own render of each page, the app's stylesheet, and one small
// script instead of the app. The server sends these to visitors without a session (see
// apps/server/src/http/static-client.ts).
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const dist = 'dist'
const built = join('node_modules', '.static-pages')
const { STATIC_PAGES, renderStaticPage } = await import(
  pathToFileURL(join(built, 'render.js')).href
)

const template = await readFile(join(dist, 'index.html'), 'utf8')
// The app's entry and the modules it preloads: the pages preload them when the visitor heads for
// sign-in, and never run them.
const appModules = [
  ...template.matchAll(
    /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g,
  ),
].map((match) => match[1])
if (appModules.length === 0) throw new Error('No app entry found in dist/index.html')

const script = await readFile(join(built, 'static-page-script.js'))
const scriptPath = `/assets/static-page-${createHash('sha256').update(script).digest('base64url').slice(0, 8)}.js`
await writeFile(join(dist, scriptPath), script)

const shell = template
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
  .replace('<body>', `<body data-app-modules="${appModules.join(' ')}">`)
  .replace('</head>', `  <script type="module" src="${scriptPath}"></script>\n  </head>`)
if (!shell.includes('<div id="root"></div>')) throw new Error('No empty #root in dist/index.html')

for (const { path, file } of STATIC_PAGES) {
  const html = await renderStaticPage(path)
  // The Content-Security-Policy allows no inline script: one here would be blocked in every visit.
  const inline = html.match(/<script(?![^>]*\ssrc=)[^>]*>/)
  if (inline)
    throw new Error(`${path} renders an inline script, which the CSP blocks: ${inline[0]}`)
  await writeFile(
    join(dist, file),
    shell.replace('<div id="root"></div>', `<div id="root">${html}</div>`),
  )
  console.info(`Prerendered ${path} as dist/${file} (${Buffer.byteLength(html)} bytes of markup)`)
}

import type { Browser, BrowserContext } from 'playwright-core'

/**
 * Console messages a journey may see without failing, each with why. Everything else the browser
 * reports as an error (a script error, a Content-Security-Policy violation, a failed load) fails
 * the test that was running.
 */
export const ALLOWED_CONSOLE_ERRORS: {
  name: string
  reason: string
  text: RegExp
  /** Where the message comes from; any page or resource when unset. */
  url?: RegExp
}[] = [
  {
    name: 'refusals the journey asks for',
    reason:
      'Chromium logs every 4xx answer to a fetch as an error. The journeys provoke them on purpose ' +
      '(a wrong password, a used reset link, a full form) and check the message the app shows ' +
      'instead; a 5xx, or a 4xx for anything but the API, still fails.',
    text: /^Failed to load resource: the server responded with a status of 4\d\d\b/,
    url: /^https?:\/\/[^/]+\/api\//,
  },
  {
    name: 'the accessibility check on the share page',
    reason:
      'axe-core sets inline styles while it checks a page. The share page (/c/...) has none of its ' +
      'own and a stricter policy than the app, with no inline styles allowed, so it refuses them.',
    text: /^Applying inline style violates the following Content Security Policy directive/,
    url: /^https?:\/\/[^/]+\/c\//,
  },
  {
    name: 'the network the journey cuts',
    reason:
      'The offline journeys take the browser off the network or stop the server on purpose, and ' +
      'check that the app keeps the capture; Chromium logs each call that could not go out.',
    text: /^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_RESET|CONNECTION_REFUSED)\b/,
    url: /^https?:\/\/[^/]+\/api\//,
  },
]

const seen = new WeakSet<BrowserContext>()
let problems: string[] = []

function watch(context: BrowserContext) {
  if (seen.has(context)) return
  seen.add(context)
  context.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    const { url } = message.location()
    const allowed = ALLOWED_CONSOLE_ERRORS.some(
      (entry) => entry.text.test(text) && (!entry.url || entry.url.test(url)),
    )
    if (allowed) return
    problems.push(`console error${url ? ` at ${url}` : ''}: ${text}`)
  })
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`))
}

/** Makes every context and page the browser opens report its console errors to the check. */
export function watchConsoleErrors(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    watch(context)
    return context
  }
  const newPage = browser.newPage.bind(browser)
  browser.newPage = async (options) => {
    const page = await newPage(options)
    watch(page.context())
    return page
  }
  return browser
}

/** The console errors since the last call, which clears them. */
export function takeConsoleErrors(): string[] {
  const taken = problems
  problems = []
  return taken
}

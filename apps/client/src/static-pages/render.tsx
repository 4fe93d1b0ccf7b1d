import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { App } from '../app/app.tsx'
import { createApp } from '../app/create-app.ts'
import { StaticPageParts } from './static-page-parts.tsx'

/** The pages a signed-out visitor gets as HTML, without the app's JavaScript. */
export const STATIC_PAGES = [
  { path: '/', file: 'landing.html' },
  { path: '/terms', file: 'terms.html' },
  { path: '/privacy', file: 'privacy.html' },
] as const

/**
 * The app's own first render of `path` for a signed-out visitor, as HTML: the same components the
 * app shows, so the prerendered page and the app cannot drift apart.
 */
export async function renderStaticPage(path: string): Promise<string> {
  const app = createApp({
    history: createMemoryHistory({ initialEntries: [path] }),
    hardRedirect: () => {},
    // Never called: the visitor is known to be signed out and nothing else is fetched.
    apiOrigin: 'http://prerender.invalid',
    scrollRestoration: false,
  })
  app.trpcUtils.auth.me.setData(undefined, null)
  await app.router.load()
  return renderToString(
    <App app={app}>
      <StaticPageParts withWelcome={path === '/'} />
    </App>,
  )
}

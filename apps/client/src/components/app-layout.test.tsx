import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../test/factories.ts'
import { renderApp } from '../test/render-app.tsx'
import { server } from '../test/setup.ts'
import { mockTrpc, never } from '../test/trpc-msw.ts'

const signedIn = (user = makeUser()) => {
  mockTrpc({
    'auth.me': () => user,
    'connections.list': () => [],
    'events.listJoined': () => [],
    'events.list': () => [],
  })
  return user
}

/**
 * Until the router has loaded the route's own (lazy) screen. The shell shows before it does; a test
 * that ended there left the load running, to finish after the test environment was gone.
 */
async function routeLoaded(app: ReturnType<typeof renderApp>['app']) {
  await waitFor(() => expect(app.router.state.status).toBe('idle'))
}

describe('app shell', () => {
  it('shows Loading... while the sign-in state loads', async () => {
    mockTrpc({ 'auth.me': never })
    renderApp('/')
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
  })

  it('shows the 404 page for unknown paths', async () => {
    mockTrpc({ 'auth.me': () => null })
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument()
  })

  it('has no bottom navigation when signed out', async () => {
    mockTrpc({ 'auth.me': () => null })
    renderApp('/terms')
    await screen.findByRole('heading', { name: 'Terms and Conditions' })
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it('treats a failing current-user call as signed out', async () => {
    server.use(http.all('*/api/trpc/*', () => HttpResponse.error()))
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'FiveConnect' })).toBeVisible()
  })

  it('shows the four tabs to an attendee with the current one marked', async () => {
    signedIn()
    const { app, user } = renderApp('/profile')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const tabs = within(nav).getAllByRole('link')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Home', 'Events', 'Connections', 'Profile'])
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')

    await user.click(within(nav).getByRole('link', { name: 'Events' }))
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    )
    await routeLoaded(app)
  })

  it('adds the Admin tab for admins only', async () => {
    signedIn(makeUser({ role: 'admin' }))
    const { app } = renderApp('/profile')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
    await routeLoaded(app)
  })

  it('opens the profile menu with full name, email, Profile and Logout', async () => {
    signedIn(makeUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }))
    const { app, user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }))
    const menu = await screen.findByRole('menu')
    expect(menu).toHaveTextContent('Ada Lovelace')
    expect(menu).toHaveTextContent('ada@example.com')
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument()
    await routeLoaded(app)
  })

  it('shows a generic icon when the profile image is missing', async () => {
    signedIn(makeUser({ profileImageUrl: null }))
    const { app } = renderApp('/profile')
    const button = await screen.findByRole('button', { name: 'Profile menu' })
    await waitFor(() => expect(button.querySelector('img')).toBeNull())
    expect(button.querySelector('svg')).not.toBeNull()
    await routeLoaded(app)
  })
})

import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../test/factories.ts'
import { findToast, renderApp } from '../test/render-app.tsx'
import { mockTrpc, TrpcMockError } from '../test/trpc-msw.ts'

describe('the Unauthorized flow (SPEC section 4)', () => {
  it('shows the toast once and goes to /login 500 ms later', async () => {
    mockTrpc({ 'auth.me': () => null })
    const { currentPath } = renderApp('/profile')
    const toast = await findToast('Unauthorized')
    expect(toast).toHaveTextContent('You are logged out. Logging in again...')
    expect(currentPath()).toBe('/profile')
    await waitFor(() => expect(currentPath()).toBe('/login'))
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible()
  })

  it('sends a signed-out visitor of /events to /api/login with a full page load', async () => {
    mockTrpc({ 'auth.me': () => null })
    const { hardRedirect } = renderApp('/events')
    await findToast('Unauthorized')
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/api/login'))
  })

  it('starts when a data call answers 401 while signed in', async () => {
    mockTrpc({
      'auth.me': () => makeUser(),
      'home.summary': () => {
        throw new TrpcMockError('UNAUTHORIZED', 'Unauthorized')
      },
      'events.listJoined': () => [],
    })
    const { currentPath } = renderApp('/')
    await findToast('Unauthorized')
    await waitFor(() => expect(currentPath()).toBe('/login'))
  })
})

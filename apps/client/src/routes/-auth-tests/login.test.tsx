import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../../test/factories.ts'
import { findToast, renderApp } from '../../test/render-app.tsx'
import { mockTrpc, never, TrpcMockError, trpcCallsTo } from '../../test/trpc-msw.ts'

describe('login page', () => {
  it('has the title, fields, toggle and links of the SPEC', async () => {
    mockTrpc({ 'auth.me': () => null })
    const { user } = renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible()
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Forgotten password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register')
  })

  it('shows the validation messages without calling the server', async () => {
    mockTrpc({ 'auth.me': () => null })
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Invalid email address')).toBeVisible()
    expect(screen.getByText('Password is required')).toBeVisible()
    expect(trpcCallsTo('auth.login')).toHaveLength(0)
  })

  it('shows Signing in... and disables the button while pending', async () => {
    mockTrpc({ 'auth.me': () => null, 'auth.login': never })
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
  })

  it('welcomes an attendee back and goes to /', async () => {
    let currentUser: ReturnType<typeof makeUser> | null = null
    const ada = makeUser()
    mockTrpc({
      'auth.me': () => currentUser,
      'auth.login': () => {
        currentUser = ada
        return { role: ada.role, user: ada }
      },
      'connections.list': () => [],
      'events.listJoined': () => [],
    })
    const { user, currentPath } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    const toast = await findToast('Welcome back!')
    expect(toast).toHaveTextContent("You've been logged in successfully.")
    await waitFor(() => expect(currentPath()).toBe('/'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }),
    ).toBeVisible()
    expect(trpcCallsTo('auth.login')).toEqual([{ email: 'ada@example.com', password: 'secret1' }])
  })

  it('sends an admin to /admin', async () => {
    const admin = makeUser({ role: 'admin' })
    mockTrpc({
      'auth.me': () => null,
      'auth.login': () => ({ role: 'admin', user: admin }),
    })
    const { user, currentPath } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(currentPath()).toBe('/admin'))
  })

  it('shows Login failed with the server message, not the Unauthorized flow', async () => {
    mockTrpc({
      'auth.me': () => null,
      'auth.login': () => {
        throw new TrpcMockError('UNAUTHORIZED', 'Invalid email or password')
      },
    })
    const { user, currentPath } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    const toast = await findToast('Login failed')
    expect(toast).toHaveTextContent('Invalid email or password')
    expect(toast).not.toHaveTextContent('Unauthorized')
    expect(currentPath()).toBe('/login')
  })
})

import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../../test/factories.ts'
import { findToast, renderApp } from '../../test/render-app.tsx'
import { mockTrpc, never, TrpcMockError, trpcCallsTo } from '../../test/trpc-msw.ts'

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('First name'), 'Ada')
  await user.type(screen.getByLabelText('Last name'), 'Lovelace')
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret1')
  await user.type(screen.getByLabelText('Confirm password'), 'secret1')
}

describe('register page', () => {
  it('has every field of the SPEC with the right input types', async () => {
    mockTrpc({ 'auth.me': () => null })
    renderApp('/register')
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeVisible()
    expect(screen.getByLabelText('Mobile (optional)')).toHaveAttribute('type', 'tel')
    expect(screen.getByLabelText('Website (optional)')).toHaveAttribute('type', 'url')
    expect(screen.getByLabelText('Company (optional)')).toBeInTheDocument()
    expect(screen.getByLabelText('How did you hear about us? (optional)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it('shows the validation messages of SPEC section 5', async () => {
    mockTrpc({ 'auth.me': () => null })
    const { user } = renderApp('/register')
    await user.type(await screen.findByLabelText('Email'), 'nope')
    await user.type(screen.getByLabelText('Password'), '123')
    await user.type(screen.getByLabelText('Confirm password'), '1234')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('First name is required')).toBeVisible()
    expect(screen.getByText('Last name is required')).toBeVisible()
    expect(screen.getByText('Invalid email address')).toBeVisible()
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible()
    expect(screen.getByText("Passwords don't match")).toBeVisible()
    expect(trpcCallsTo('auth.register')).toHaveLength(0)
  })

  it('shows Creating account... while pending', async () => {
    mockTrpc({ 'auth.me': () => null, 'auth.register': never })
    const { user } = renderApp('/register')
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled()
  })

  it('welcomes the new user and goes to /, greeted as a first visit', async () => {
    const grace = makeUser({ firstName: 'Grace' })
    let isRegistered = false
    mockTrpc({
      'auth.me': () => (isRegistered ? grace : null),
      'auth.register': () => {
        isRegistered = true
        return grace
      },
      'connections.list': () => [],
      'events.listJoined': () => [],
    })
    const { user, currentPath } = renderApp('/register')
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    const toast = await findToast('Welcome to FiveConnect!')
    expect(toast).toHaveTextContent('Your account has been created successfully.')
    await waitFor(() => expect(currentPath()).toBe('/'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to FiveConnect, Grace' }),
    ).toBeVisible()
  })

  it('shows Registration failed with the server message', async () => {
    mockTrpc({
      'auth.me': () => null,
      'auth.register': () => {
        throw new TrpcMockError('CONFLICT', 'An account with this email already exists.')
      },
    })
    const { user } = renderApp('/register')
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    const toast = await findToast('Registration failed')
    expect(toast).toHaveTextContent('An account with this email already exists.')
  })
})

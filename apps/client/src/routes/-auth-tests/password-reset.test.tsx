import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findToast, renderApp } from '../../test/render-app.tsx'
import { BadGateway, mockTrpc, never, TrpcMockError, trpcCallsTo } from '../../test/trpc-msw.ts'

describe('forgot password page', () => {
  it('checks the email, then shows Check Your Email with the spam hint', async () => {
    mockTrpc({ 'auth.me': () => null, 'auth.forgotPassword': () => ({ message: 'sent' }) })
    const { user } = renderApp('/forgot-password')
    await user.type(await screen.findByLabelText('Email'), 'nope')
    await user.click(screen.getByRole('button', { name: 'Send Reset Email' }))
    expect(await screen.findByText('Invalid email address')).toBeVisible()

    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Email' }))
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeVisible()
    expect(screen.getByText(/spam/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login')
    expect(await findToast('Reset Email Sent')).toHaveTextContent(
      'Please check your email for password reset instructions.',
    )
  })

  it('links back to login and shows Error with the default text on failure', async () => {
    mockTrpc({
      'auth.me': () => null,
      'auth.forgotPassword': () => {
        throw new BadGateway()
      },
    })
    const { user } = renderApp('/forgot-password')
    expect(await screen.findByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/login',
    )
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Email' }))
    expect(await findToast('Error')).toHaveTextContent(
      'Failed to send reset email. Please try again.',
    )
  })
})

describe('reset password page', () => {
  it('sends a visitor without a token to /login with the Invalid Link notice', async () => {
    mockTrpc({ 'auth.me': () => null })
    const { currentPath } = renderApp('/reset-password')
    expect(await findToast('Invalid Link')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    )
    await waitFor(() => expect(currentPath()).toBe('/login'))
  })

  it('checks both passwords, shows Resetting..., then Password Reset Complete', async () => {
    let finish: (value: { message: string }) => void = () => {}
    mockTrpc({
      'auth.me': () => null,
      'auth.resetPassword': () => new Promise((resolve) => (finish = resolve)),
    })
    const { user } = renderApp('/reset-password?token=abc123')
    await user.type(await screen.findByLabelText('New Password'), '12345')
    await user.type(screen.getByLabelText('Confirm New Password'), '123456')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Password must be at least 6 characters')).toBeVisible()
    expect(screen.getByText("Passwords don't match")).toBeVisible()

    await user.type(screen.getByLabelText('New Password'), '6')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled()
    expect(trpcCallsTo('auth.resetPassword')).toEqual([{ token: 'abc123', password: '123456' }])

    finish({ message: 'done' })
    expect(await screen.findByRole('heading', { name: 'Password Reset Complete' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(await findToast('Password Reset Successful')).toHaveTextContent(
      'Your password has been updated. You can now log in with your new password.',
    )
  })

  it('shows Reset Failed with the server message', async () => {
    mockTrpc({
      'auth.me': () => null,
      'auth.resetPassword': () => {
        throw new TrpcMockError(
          'BAD_REQUEST',
          'This password reset link is invalid or has expired.',
        )
      },
    })
    const { user } = renderApp('/reset-password?token=abc123')
    await user.type(await screen.findByLabelText('New Password'), '123456')
    await user.type(screen.getByLabelText('Confirm New Password'), '123456')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await findToast('Reset Failed')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    )
  })
})

it('keeps pending state visible for forgot password too', async () => {
  mockTrpc({ 'auth.me': () => null, 'auth.forgotPassword': never })
  const { user } = renderApp('/forgot-password')
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
  await user.click(screen.getByRole('button', { name: 'Send Reset Email' }))
  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled()
})

import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render-app.tsx'
import { mockTrpc } from '../../test/trpc-msw.ts'

describe('landing page', () => {
  it('shows every section to signed-out visitors', async () => {
    mockTrpc({ 'auth.me': () => null })
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'FiveConnect' })).toBeVisible()
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/register',
    )
    expect(within(main).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute(
      'href',
      '/api/login',
    )
    for (const type of [
      'SA · Strategic Alliance',
      'JV · Joint Venture',
      'MA · Mastermind Alliance',
      'IC · Inner Circle Connection',
      'RF · Raving Fan',
    ]) {
      expect(screen.getByRole('heading', { name: type })).toBeInTheDocument()
    }
    expect(screen.getByRole('heading', { name: 'Made for your phone' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'From the book to your pocket' })).toBeVisible()
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    )
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    )
    expect(footer).toHaveTextContent('© 2024')
  })

  it('opens the welcome dialog after a second, once', async () => {
    mockTrpc({ 'auth.me': () => null })
    const { user } = renderApp('/', { showWelcome: true })
    await screen.findByRole('heading', { level: 1, name: 'FiveConnect' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Welcome to FiveConnect')
    expect(dialog).toHaveTextContent('Pick an event')
    expect(dialog).toHaveTextContent('Ideas Fest')
    expect(dialog).toHaveTextContent('Add the people you meet')
    expect(dialog).toHaveTextContent('Follow up later')

    await user.click(within(dialog).getByRole('button', { name: 'Got it' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(localStorage.getItem('hasSeenWelcome')).toBe('true')
  })

  it('does not open the welcome dialog for a returning visitor', async () => {
    mockTrpc({ 'auth.me': () => null })
    renderApp('/')
    await screen.findByRole('heading', { level: 1, name: 'FiveConnect' })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

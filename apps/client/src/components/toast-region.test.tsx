import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { toast } from '../lib/toast.ts'
import { findToast, renderApp } from '../test/render-app.tsx'
import { mockTrpc } from '../test/trpc-msw.ts'

async function showTwoToasts() {
  mockTrpc({ 'auth.me': () => null })
  renderApp('/terms')
  await screen.findByRole('heading', { name: 'Terms and Conditions' })
  act(() => {
    toast.success('First', 'first message')
    toast.success('Second', 'second message')
  })
  return findToast('First')
}

describe('toasts', () => {
  it('shows one at a time', async () => {
    const region = await showTwoToasts()
    expect(region).not.toHaveTextContent('Second')
    act(() => notifications.clean())
  })

  it('dismisses the toast on a swipe right of 50 px, but not on a shorter one', async () => {
    const region = await showTwoToasts()
    const shown = screen.getByText('first message')
    fireEvent.pointerDown(shown, { clientX: 100 })
    fireEvent.pointerUp(shown, { clientX: 140 })
    expect(region).toHaveTextContent('First')

    fireEvent.pointerDown(shown, { clientX: 100 })
    fireEvent.pointerMove(shown, { clientX: 151 })
    await waitFor(() => expect(region).toHaveTextContent('Second'))
  })

  it('moves focus to the notifications with F8', async () => {
    const region = await showTwoToasts()
    fireEvent.keyDown(window, { key: 'F8' })
    expect(region.contains(document.activeElement)).toBe(true)
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo } from '../../../test/trpc-msw.ts'

// Load the lazy screen once up front: its first transform is slow on a busy machine.
beforeAll(() => import('../profile.lazy.tsx'), 60_000)

type Listed = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }

function renderProfile(initial: Listed[]) {
  let listed = [...initial]
  mockTrpc({
    'auth.me': () => makeUser({ email: 'ada@example.com' }),
    'calendarFeed.status': () => ({ hasFeed: false }),
    'appPasswords.list': () => listed,
    'appPasswords.create': (input) => {
      const appPassword = {
        id: crypto.randomUUID(),
        name: (input as { name: string }).name,
        createdAt: new Date(),
        lastUsedAt: null,
      }
      listed = [appPassword, ...listed]
      return {
        appPassword,
        password: 'k7m2q-x9rtp-abcde-fghjk',
        username: 'ada@example.com',
        serverUrl: 'https://app.example',
      }
    },
    'appPasswords.revoke': (input) => {
      const { id } = input as { id: string }
      listed = listed.filter((password) => password.id !== id)
      return { ok: true }
    },
  })
  return renderApp('/profile')
}

const section = async () => within(await screen.findByRole('region', { name: 'Address book sync' }))

describe('address book sync on Profile', () => {
  it('makes an app password for a named device and shows what to enter, once', async () => {
    const { user } = renderProfile([])
    const book = await section()
    expect(await book.findByText('No device syncs your contacts yet.')).toBeVisible()

    await user.click(book.getByRole('button', { name: 'Create app password' }))
    expect(await book.findByText('Please name the device')).toBeVisible()
    expect(trpcCallsTo('appPasswords.create')).toHaveLength(0)

    await user.type(book.getByRole('textbox', { name: 'Device name' }), 'My iPhone')
    await user.click(book.getByRole('button', { name: 'Create app password' }))
    expect(await findToast('App Password Created')).toHaveTextContent('shown only once')
    expect(book.getByRole('textbox', { name: 'Server' })).toHaveValue('https://app.example')
    expect(book.getByRole('textbox', { name: 'User name' })).toHaveValue('ada@example.com')
    expect(book.getByRole('textbox', { name: 'App password' })).toHaveValue(
      'k7m2q-x9rtp-abcde-fghjk',
    )
    await user.click(book.getByRole('button', { name: 'Copy app password' }))
    expect(await navigator.clipboard.readText()).toBe('k7m2q-x9rtp-abcde-fghjk')

    const list = await book.findByRole('list', { name: 'App passwords' })
    expect(within(list).getByText('My iPhone')).toBeVisible()
    expect(within(list).getByText(/never used/)).toBeVisible()
  })

  it('revokes a device only once confirmed', async () => {
    const { user } = renderProfile([
      {
        id: crypto.randomUUID(),
        name: 'Old laptop',
        createdAt: new Date('2026-01-05'),
        lastUsedAt: new Date('2026-11-20'),
      },
    ])
    const book = await section()
    await user.click(await book.findByRole('button', { name: 'Revoke Old laptop' }))
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this app password?' })
    expect(confirm).toHaveTextContent('Old laptop stops syncing your contacts')
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }))
    expect(await findToast('App Password Revoked')).toBeVisible()
    await waitFor(() => expect(book.queryByText('Old laptop')).not.toBeInTheDocument())
    expect(trpcCallsTo('appPasswords.revoke')).toHaveLength(1)
  })
})

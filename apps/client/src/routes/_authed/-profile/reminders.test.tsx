import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, never, TrpcMockError, trpcCallsTo } from '../../../test/trpc-msw.ts'

// Load the lazy screen once up front: its first transform is slow on a busy machine.
beforeAll(() => import('../profile.lazy.tsx'), 60_000)

/** Profile with these reminder settings; update answers what it was sent, as the server does. */
type Settings = { enabled: boolean; hour: number; timeZone: string | null }

function renderProfile(settings: Settings = { enabled: true, hour: 8, timeZone: 'Europe/Berlin' }) {
  let current = settings
  mockTrpc({
    'auth.me': () => makeUser({ firstName: 'Ada', lastName: 'Lovelace' }),
    'reminders.setTimeZone': () => ({ ok: true }),
    'reminders.settings': () => current,
    'reminders.update': (input) => {
      current = { ...current, ...(input as { enabled: boolean; hour: number }) }
      return current
    },
  })
  return renderApp('/profile')
}

async function openReminders(user: ReturnType<typeof renderProfile>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Notifications' }))
  return within(await screen.findByRole('dialog', { name: 'Reminder emails' }))
}

describe('reminder emails on Profile', () => {
  it("sends the browser's time zone when the app opens", async () => {
    renderProfile()
    await screen.findByRole('heading', { name: 'Ada Lovelace' })
    await waitFor(() =>
      expect(trpcCallsTo('reminders.setTimeZone')).toEqual([
        { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      ]),
    )
  })

  it('opens from Notifications, which is no longer Coming Soon, and changes the hour', async () => {
    const { user } = renderProfile()
    const dialog = await openReminders(user)
    expect(dialog.getByRole('switch', { name: 'Email me my follow-ups' })).toBeChecked()
    const hour = dialog.getByRole('combobox', { name: 'Send at' })
    expect(hour).toHaveValue('8')
    expect(dialog.getByText('In your time zone, Europe/Berlin')).toBeVisible()

    await user.selectOptions(hour, '07:00')
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await findToast('Reminders Updated')).toHaveTextContent(
      'Your follow-up reminders are on.',
    )
    expect(trpcCallsTo('reminders.update')).toEqual([{ enabled: true, hour: 7 }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // Opened again, it shows what was saved.
    expect((await openReminders(user)).getByRole('combobox', { name: 'Send at' })).toHaveValue('7')
  })

  it('turns the reminders off, and Cancel changes nothing', async () => {
    const { user } = renderProfile()
    let dialog = await openReminders(user)
    await user.click(dialog.getByRole('switch', { name: 'Email me my follow-ups' }))
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trpcCallsTo('reminders.update')).toEqual([])

    dialog = await openReminders(user)
    const toggle = dialog.getByRole('switch', { name: 'Email me my follow-ups' })
    expect(toggle).toBeChecked()
    await user.click(toggle)
    expect(dialog.getByRole('combobox', { name: 'Send at' })).toBeDisabled()
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await findToast('Reminders Updated')).toHaveTextContent(
      'Your follow-up reminders are off.',
    )
    expect(trpcCallsTo('reminders.update')).toEqual([{ enabled: false, hour: 8 }])
  })

  it('says when the time zone is not known yet', async () => {
    const { user } = renderProfile({ enabled: true, hour: 8, timeZone: null })
    expect((await openReminders(user)).getByText('In your time zone')).toBeVisible()
  })

  it('shows Saving... while saving', async () => {
    const { user } = renderProfile()
    const dialog = await openReminders(user)
    mockTrpc({ 'reminders.update': never })
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled()
  })

  it("shows the server's message when saving is refused", async () => {
    const { user } = renderProfile()
    mockTrpc({
      'reminders.update': () => {
        throw new TrpcMockError('BAD_REQUEST', 'Reminder hour must be a whole number from 0 to 23')
      },
    })
    const dialog = await openReminders(user)
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await findToast('Update Failed')).toHaveTextContent(
      'Reminder hour must be a whole number from 0 to 23',
    )
    expect(screen.getByRole('dialog', { name: 'Reminder emails' })).toBeVisible()
  })
})

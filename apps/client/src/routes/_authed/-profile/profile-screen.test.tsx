import { cleanNotifications } from '@mantine/notifications'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { server } from '../../../test/setup.ts'
import { mockTrpc, never, TrpcMockError, trpcCallsTo } from '../../../test/trpc-msw.ts'
import { HAS_SAVED_DATA } from '../../../offline/saved-data-flag.ts'

const ada = () =>
  makeUser({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    linkedin: 'linkedin.com/in/ada',
    website: null,
    mobile: '+44 7000 111111',
    profileImageUrl: '/objects/uploads/old.png',
  })

// Load the lazy screen once up front: its first transform is slow on a busy machine.
beforeAll(() => import('../profile.lazy.tsx'), 60_000)

describe('profile screen', () => {
  it('shows the avatar, name, email and the four rows', async () => {
    mockTrpc({ 'auth.me': ada })
    renderApp('/profile')
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeVisible()
    expect(screen.getByText('ada@example.com', { selector: 'p' })).toBeVisible()
    expect(screen.getByText('Analytical Engines')).toBeVisible()
    expect(screen.getByText('+44 7000 111111')).toBeVisible()
    expect(screen.getByRole('link', { name: 'linkedin.com/in/ada' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/ada',
    )
    expect(screen.getByText('Website').nextElementSibling).toHaveTextContent('Not provided')
    expect(screen.getByRole('button', { name: 'Change profile photo' })).toBeVisible()
  })

  it('changes the password: the rules of registration, then a toast that other devices are signed out', async () => {
    mockTrpc({
      'auth.me': ada,
      'auth.changePassword': () => ({
        message: 'Your password has been changed. You have been signed out everywhere else.',
      }),
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Change Password' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' })
    await user.type(within(dialog).getByLabelText('Current Password'), 'correct horse')
    await user.type(within(dialog).getByLabelText('New Password'), 'short')
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'shirt')
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }))
    expect(await within(dialog).findByText('Password must be at least 6 characters')).toBeVisible()
    expect(within(dialog).getByText("Passwords don't match")).toBeVisible()
    expect(trpcCallsTo('auth.changePassword')).toEqual([])

    await user.clear(within(dialog).getByLabelText('New Password'))
    await user.type(within(dialog).getByLabelText('New Password'), 'quiet-meadow-42')
    await user.clear(within(dialog).getByLabelText('Confirm New Password'))
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'quiet-meadow-42')
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }))
    expect(await findToast('Password Updated')).toHaveTextContent(
      'You have been signed out everywhere else.',
    )
    expect(trpcCallsTo('auth.changePassword')).toEqual([
      {
        currentPassword: 'correct horse',
        password: 'quiet-meadow-42',
        confirmPassword: 'quiet-meadow-42',
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says Password Not Changed with the reason, keeping the dialog open', async () => {
    mockTrpc({
      'auth.me': ada,
      'auth.changePassword': () => {
        throw new TrpcMockError('BAD_REQUEST', 'Current password is incorrect')
      },
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Change Password' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' })
    await user.type(within(dialog).getByLabelText('Current Password'), 'wrong guess')
    await user.type(within(dialog).getByLabelText('New Password'), 'quiet-meadow-42')
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'quiet-meadow-42')
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }))
    expect(await findToast('Password Not Changed')).toHaveTextContent(
      'Current password is incorrect',
    )
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeVisible()
  })

  it('opens Help & Support with the five types and the configured contact address', async () => {
    mockTrpc({ 'auth.me': ada, 'support.contact': () => ({ email: 'help@fiveconnect.example' }) })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Help & Support' }))
    expect(await screen.findByRole('heading', { name: 'Help & Support' })).toBeVisible()
    expect(screen.getByText('Raving Fan')).toBeVisible()
    for (const heading of ['Capturing with no signal', 'Importing contacts']) {
      expect(screen.getByRole('heading', { name: heading })).toBeVisible()
    }
    expect(await screen.findByRole('link', { name: 'help@fiveconnect.example' })).toHaveAttribute(
      'href',
      'mailto:help@fiveconnect.example',
    )
  })

  it('edits the profile: validation, Saving..., the toast and the new values', async () => {
    let current = ada()
    mockTrpc({
      'auth.me': () => current,
      'profile.update': (input) => {
        current = { ...current, ...(input as Partial<typeof current>) }
        return current
      },
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Mobile')).toHaveAttribute('type', 'tel')
    expect(within(dialog).getByLabelText('LinkedIn')).toHaveValue('linkedin.com/in/ada')
    await user.clear(within(dialog).getByLabelText('First name'))
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await within(dialog).findByText('First name is required')).toBeVisible()

    await user.type(within(dialog).getByLabelText('First name'), 'Augusta')
    await user.type(within(dialog).getByLabelText('Website'), 'ada.dev')
    // What other attendees see in people search: company, LinkedIn and website until changed.
    expect(within(dialog).getByLabelText('Show my company')).toBeChecked()
    expect(within(dialog).getByLabelText('Show my email')).not.toBeChecked()
    await user.click(within(dialog).getByLabelText('Show my email'))
    await user.click(within(dialog).getByLabelText('Show my website'))
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await findToast('Profile Updated')).toBeVisible()
    expect(trpcCallsTo('profile.update')).toEqual([
      {
        firstName: 'Augusta',
        lastName: 'Lovelace',
        mobile: '+44 7000 111111',
        company: 'Analytical Engines',
        linkedin: 'linkedin.com/in/ada',
        website: 'ada.dev',
        profileImageUrl: '/objects/uploads/old.png',
        sharedProfileFields: ['company', 'linkedin', 'email'],
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Augusta Lovelace' })).toBeVisible()
  })

  it('shows Saving... while pending and Update Failed on error', async () => {
    mockTrpc({ 'auth.me': ada, 'profile.update': never })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled()
  })

  it('says Update Failed with the SPEC text when saving fails', async () => {
    mockTrpc({
      'auth.me': ada,
      'profile.update': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }))
    expect(await findToast('Update Failed')).toHaveTextContent(
      'Failed to update profile. Please try again.',
    )
  })

  it('uploads a photo: signed URL, PUT of the file, then confirm without the query string', async () => {
    let current = ada()
    const uploaded: { type: string | null; size: number }[] = []
    server.use(
      http.put('*/uploads/new-photo', async ({ request }) => {
        uploaded.push({
          type: request.headers.get('content-type'),
          size: (await request.arrayBuffer()).byteLength,
        })
        return new HttpResponse(null, { status: 200 })
      }),
    )
    mockTrpc({
      'auth.me': () => current,
      'uploads.createUploadUrl': () => ({
        uploadURL: `${window.location.origin}/uploads/new-photo?signature=abc`,
      }),
      'uploads.confirmProfilePhoto': () => {
        current = { ...current, profileImageUrl: '/objects/uploads/new-photo' }
        return { objectPath: '/objects/uploads/new-photo' }
      },
    })
    const { user } = renderApp('/profile')
    await screen.findByRole('heading', { name: 'Ada Lovelace' })
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    await user.upload(input, new File(['png-bytes'], 'me.png', { type: 'image/png' }))
    expect(await findToast('Profile Photo Updated')).toBeVisible()
    expect(uploaded).toEqual([{ type: 'image/png', size: 9 }])
    expect(trpcCallsTo('uploads.confirmProfilePhoto')).toEqual([
      { profileImageUrl: `${window.location.origin}/uploads/new-photo` },
    ])
    await waitFor(() => {
      for (const avatar of screen.getAllByRole('img', { name: 'Ada Lovelace' })) {
        expect(avatar).toHaveAttribute('src', '/objects/uploads/new-photo')
      }
    })
  })

  it('refuses files over 5 MB before uploading', async () => {
    mockTrpc({ 'auth.me': ada })
    const { user } = renderApp('/profile')
    await screen.findByRole('heading', { name: 'Ada Lovelace' })
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    const big = new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' })
    await user.upload(input, big)
    expect(await findToast('Upload Failed')).toHaveTextContent('Images must be 5 MB or smaller.')
    expect(trpcCallsTo('uploads.createUploadUrl')).toHaveLength(0)
  })

  it('signs out: Logging out..., Goodbye!, cache and offline data cleared, full page load of /', async () => {
    localStorage.setItem(HAS_SAVED_DATA, '1')
    let finish: (value: { ok: true }) => void = () => {}
    mockTrpc({
      'auth.me': ada,
      'auth.logout': () => new Promise((resolve) => (finish = resolve)),
    })
    const { user, app, hardRedirect } = renderApp('/profile')
    const clearCache = vi.spyOn(app.queryClient, 'clear')
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }))
    expect(await screen.findByRole('button', { name: 'Logging out...' })).toBeDisabled()
    finish({ ok: true })
    expect(await findToast('Goodbye!')).toHaveTextContent("You've been logged out successfully.")
    expect(clearCache).toHaveBeenCalled()
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/'))
    expect(localStorage.getItem(HAS_SAVED_DATA)).toBeNull()
  })

  it('shows Goodbye! once more on the page the sign-out loads, and not on the next one', async () => {
    let signedIn = true
    mockTrpc({
      'auth.me': () => (signedIn ? ada() : null),
      'auth.logout': () => {
        signedIn = false
        return { ok: true }
      },
    })
    const { user, hardRedirect } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/'))

    const reload = async () => {
      cleanup()
      cleanNotifications()
      renderApp('/')
      await screen.findByRole('heading', { level: 1, name: 'FiveConnect' })
    }
    await reload()
    expect(await findToast('Goodbye!')).toHaveTextContent("You've been logged out successfully.")
    await reload()
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).not.toHaveTextContent(
      'Goodbye!',
    )
  })
})

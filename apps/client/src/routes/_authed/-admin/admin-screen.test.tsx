import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeEventListItem, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { server } from '../../../test/setup.ts'
import { mockTrpc, trpcCallsTo, TrpcMockError } from '../../../test/trpc-msw.ts'
import { toLocalDateTimeText } from './local-date-time.ts'

const admin = makeUser({ role: 'admin', firstName: 'Ada', email: 'ada@example.com' })
const fest = makeEventListItem({
  title: 'Ideas Fest',
  description: 'Talks and workshops',
  location: 'London',
  startDateTime: new Date(2026, 4, 12, 9, 30),
})
const attendee = makeUser({ firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com' })
const inactive = makeUser({
  firstName: 'Cy',
  lastName: 'Gone',
  email: 'cy@example.com',
  isActive: false,
  mobile: '07700 900123',
  company: 'Acme',
})

function openAdmin({ users = [admin, attendee, inactive], events = [fest] } = {}) {
  mockTrpc({
    'auth.me': () => admin,
    'admin.stats': () => ({
      totalUsers: 3,
      totalEvents: 1,
      totalConnections: 12,
      connectionsThisMonth: 4,
      connectionTypes: { SA: 5, JV: 0, MA: 2, IC: 0, RF: 1 },
    }),
    'events.list': () => events,
    'admin.listUsers': () => users,
  })
  return renderApp('/admin')
}

const statCard = (label: string) => screen.getByLabelText(label)

describe('admin dashboard', { timeout: 20_000 }, () => {
  it('shows the heading, the four figures and the type breakdown', async () => {
    openAdmin()
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
    expect(screen.getByText('Manage events and users')).toBeVisible()
    await waitFor(() => expect(statCard('Total Users')).toHaveTextContent('3'))
    expect(statCard('Total Connections')).toHaveTextContent('12')
    expect(statCard('Active Events')).toHaveTextContent('1')
    expect(statCard('This Month')).toHaveTextContent('4')
    const breakdown = screen.getByRole('region', { name: 'Connection Types Breakdown' })
    const rows = within(breakdown)
      .getAllByRole('listitem')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'Strategic Alliance (SA)5',
      'Joint Venture (JV)0',
      'Mastermind Alliance (MA)2',
      'Inner Circle Connection (IC)0',
      'Raving Fan (RF)1',
    ])
  })

  it('sends non-admins home after 1000 ms with Access Denied, without loading admin data', async () => {
    mockTrpc({ 'auth.me': () => makeUser(), 'connections.list': () => [] })
    const { currentPath } = renderApp('/admin')
    const toast = await findToast('Access Denied')
    expect(toast).toHaveTextContent('Admin access required.')
    expect(currentPath()).toBe('/admin')
    await waitFor(() => expect(currentPath()).toBe('/'))
    expect(trpcCallsTo('admin.stats')).toEqual([])
  })

  it('offers each CSV export as a download', async () => {
    const { user } = openAdmin()
    await user.click(await screen.findByRole('button', { name: 'Export Data' }))
    const dialog = await screen.findByRole('dialog', { name: 'Export Data' })
    expect(within(dialog).getByRole('link', { name: 'Users (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/export/users.csv',
    )
    expect(within(dialog).getAllByRole('link')).toHaveLength(5)
  })
})

describe('events', { timeout: 20_000 }, () => {
  it('creates an event with its logo and 16-character local date-times', async () => {
    mockTrpc({
      'events.create': () => fest,
      'uploads.createUploadUrl': () => ({ uploadURL: 'http://storage.test/u/1?sig=1' }),
      'uploads.confirmEventLogo': () => ({ objectPath: '/objects/logo-1' }),
    })
    server.use(http.put('http://storage.test/u/1', () => new HttpResponse(null, { status: 200 })))
    const { user } = openAdmin()
    await user.click(await screen.findByRole('button', { name: 'Add New Event' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' })
    expect(dialog).toHaveTextContent('Select an image file for your event logo')
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }))
    expect(await within(dialog).findByText('Event name is required')).toBeVisible()
    expect(within(dialog).getByText('Start date and time is required')).toBeVisible()

    await user.type(within(dialog).getByLabelText(/Event Name/), 'Growth Summit')
    await user.type(within(dialog).getByLabelText('Location'), 'Leeds')
    const file = new File(['png'], 'logo.png', { type: 'image/png' })
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    await user.upload(input, file)
    await findToast('Logo Uploaded')
    // One toast at a time: clear it so the next one shows.
    act(() => notifications.clean())
    expect(within(dialog).getByText('Logo uploaded successfully')).toBeVisible()
    expect(within(dialog).getByRole('img', { name: 'Event logo preview' })).toHaveAttribute(
      'src',
      '/objects/logo-1',
    )
    expect(within(dialog).getByRole('button', { name: 'Change Logo' })).toBeVisible()
    const start = within(dialog).getByLabelText(/Start Date & Time/)
    await user.type(start, '2026-06-01T10:00')
    expect((start as HTMLInputElement).value).toHaveLength(16)
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }))
    await findToast('Event Created')
    expect(trpcCallsTo('events.create')).toEqual([
      {
        title: 'Growth Summit',
        description: '',
        location: 'Leeds',
        logoUrl: '/objects/logo-1',
        startDateTime: new Date(2026, 5, 1, 10, 0),
        endDateTime: null,
      },
    ])
  })

  it('refuses a non-image logo before uploading', async () => {
    const { user } = openAdmin()
    await user.click(await screen.findByRole('button', { name: 'Add New Event' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' })
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    // The picker's accept filter can be bypassed (drag and drop, some file managers).
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'x.pdf', { type: 'application/pdf' })] },
    })
    const toast = await findToast('Upload Failed')
    expect(toast).toHaveTextContent('Only image files can be uploaded.')
  })

  it('shows Upload Error when the logo cannot be processed', async () => {
    server.use(http.put('http://storage.test/u/2', () => new HttpResponse(null, { status: 200 })))
    const { user } = openAdmin()
    mockTrpc({
      'uploads.createUploadUrl': () => ({ uploadURL: 'http://storage.test/u/2' }),
      'uploads.confirmEventLogo': () => {
        throw new TrpcMockError('BAD_REQUEST', 'Not an image')
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Add New Event' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' })
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    await user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }))
    const toast = await findToast('Upload Error')
    expect(toast).toHaveTextContent('Failed to process uploaded logo.')
  })

  it('lists events, edits one prefilled, and reports a failed update', async () => {
    mockTrpc({
      'events.update': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    const { user } = openAdmin()
    await user.click(await screen.findByRole('button', { name: 'Manage Events' }))
    const list = await screen.findByRole('dialog', { name: 'Manage Events' })
    const card = await within(list).findByRole('article', { name: 'Ideas Fest' })
    expect(card).toHaveTextContent('Talks and workshops')
    expect(card).toHaveTextContent('London')
    await user.click(within(card).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('dialog', { name: 'Edit Event' })
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Manage Events' })).not.toBeInTheDocument(),
    )
    expect(within(form).getByLabelText(/Event Name/)).toHaveValue('Ideas Fest')
    expect(within(form).getByLabelText(/Start Date & Time/)).toHaveValue(
      toLocalDateTimeText(fest.startDateTime),
    )
    expect(within(form).getByLabelText(/Start Date & Time/)).toHaveValue('2026-05-12T09:30')
    await user.click(within(form).getByRole('button', { name: 'Update Event' }))
    const toast = await findToast('Failed to Update Event')
    expect(toast).toHaveTextContent('An error occurred while updating the event.')
    expect(trpcCallsTo('events.update')[0]).toMatchObject({ id: fest.id, title: 'Ideas Fest' })
  })

  it('deletes an event after the confirm naming it', async () => {
    mockTrpc({ 'events.delete': () => ({ ok: true }) })
    const { user } = openAdmin()
    await user.click(await screen.findByRole('button', { name: 'Manage Events' }))
    const card = await screen.findByRole('article', { name: 'Ideas Fest' })
    await user.click(within(card).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete Event' })
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete "Ideas Fest"? This action cannot be undone.',
    )
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await findToast('Event Deleted')
    expect(trpcCallsTo('events.delete')).toEqual([{ id: fest.id }])
  })

  it('shows the empty text', async () => {
    const { user } = openAdmin({ events: [] })
    await user.click(await screen.findByRole('button', { name: 'Manage Events' }))
    expect(await screen.findByText('No events found')).toBeVisible()
  })
})

describe('users', { timeout: 20_000 }, () => {
  it('loads the users only when the panel opens and shows badges and actions', async () => {
    const { user } = openAdmin()
    await screen.findByRole('button', { name: 'Manage Users' })
    expect(trpcCallsTo('admin.listUsers')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Manage Users' }))
    const dialog = await screen.findByRole('dialog', { name: 'Manage Users' })
    const adminCard = await within(dialog).findByRole('article', { name: 'Ada Lovelace' })
    expect(adminCard).toHaveTextContent('Admin')
    expect(adminCard).toHaveTextContent('Active')
    expect(within(adminCard).queryByRole('button', { name: 'Deactivate' })).toBeNull()
    const bob = within(dialog).getByRole('article', { name: 'Bob Stone' })
    expect(within(bob).getByRole('button', { name: 'Deactivate' })).toBeVisible()
    expect(within(bob).queryByRole('button', { name: 'Reactivate' })).toBeNull()
    const cy = within(dialog).getByRole('article', { name: 'Cy Gone' })
    expect(cy).toHaveTextContent('Inactive')
    expect(cy).toHaveTextContent('07700 900123')
    expect(cy).toHaveTextContent('Acme')
    expect(within(cy).getByRole('button', { name: 'Reactivate' })).toBeVisible()
  })

  it('deactivates after the confirm, and cancelling does nothing', async () => {
    mockTrpc({ 'admin.deactivateUser': () => ({ ...attendee, isActive: false }) })
    const { user } = openAdmin()
    await user.click(await screen.findByRole('button', { name: 'Manage Users' }))
    const bob = await screen.findByRole('article', { name: 'Bob Stone' })
    await user.click(within(bob).getByRole('button', { name: 'Deactivate' }))
    let confirm = await screen.findByRole('dialog', { name: 'Deactivate User' })
    expect(confirm).toHaveTextContent('Are you sure you want to deactivate this user?')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(trpcCallsTo('admin.deactivateUser')).toEqual([])
    await user.click(within(bob).getByRole('button', { name: 'Deactivate' }))
    confirm = await screen.findByRole('dialog', { name: 'Deactivate User' })
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }))
    await findToast('User Deactivated')
    expect(trpcCallsTo('admin.deactivateUser')).toEqual([{ id: attendee.id }])
    await waitFor(() => expect(trpcCallsTo('admin.listUsers')).toHaveLength(2))
  })

  it("reactivates, showing the server's message when it fails", async () => {
    mockTrpc({
      'admin.reactivateUser': () => {
        throw new TrpcMockError('NOT_FOUND', 'User not found.')
      },
    })
    const { user } = openAdmin()
    await user.click(await screen.findByRole('button', { name: 'Manage Users' }))
    const cy = await screen.findByRole('article', { name: 'Cy Gone' })
    await user.click(within(cy).getByRole('button', { name: 'Reactivate' }))
    const confirm = await screen.findByRole('dialog', { name: 'Reactivate User' })
    expect(confirm).toHaveTextContent('Are you sure you want to reactivate this user?')
    await user.click(within(confirm).getByRole('button', { name: 'Reactivate' }))
    const toast = await findToast('Failed to Reactivate User')
    expect(toast).toHaveTextContent('User not found.')
  })

  it('shows the empty text', async () => {
    const { user } = openAdmin({ users: [] })
    await user.click(await screen.findByRole('button', { name: 'Manage Users' }))
    expect(await screen.findByText('No users found')).toBeVisible()
  })

  async function editBob() {
    const rendered = openAdmin()
    await rendered.user.click(await screen.findByRole('button', { name: 'Manage Users' }))
    const bob = await screen.findByRole('article', { name: 'Bob Stone' })
    await rendered.user.click(within(bob).getByRole('button', { name: 'Edit' }))
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Edit User' }) }
  }

  it('closes only the top dialog on Escape, keeping Manage Users open', async () => {
    const { user } = await editBob()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull())
    const list = screen.getByRole('dialog', { name: 'Manage Users' })
    const bob = within(list).getByRole('article', { name: 'Bob Stone' })
    await user.click(within(bob).getByRole('button', { name: 'Deactivate' }))
    await screen.findByRole('dialog', { name: 'Deactivate User' })
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Deactivate User' })).toBeNull(),
    )
    expect(screen.getByRole('dialog', { name: 'Manage Users' })).toBeVisible()
    expect(trpcCallsTo('admin.deactivateUser')).toEqual([])
  })

  it('updates the details with their validation messages and the role', async () => {
    mockTrpc({ 'admin.updateUser': () => ({ ...attendee, role: 'admin' }) })
    const { user, dialog } = await editBob()
    const details = within(dialog).getByRole('form', { name: 'User details' })
    expect(within(details).getByLabelText(/First Name/)).toHaveValue('Bob')
    await user.clear(within(details).getByLabelText(/First Name/))
    await user.clear(within(details).getByLabelText(/Email/))
    await user.type(within(details).getByLabelText(/Email/), 'nope')
    await user.click(within(details).getByRole('button', { name: 'Update User Details' }))
    expect(await within(details).findByText('First name is required')).toBeVisible()
    expect(within(details).getByText('Valid email is required')).toBeVisible()
    expect(trpcCallsTo('admin.updateUser')).toEqual([])
    await user.type(within(details).getByLabelText(/First Name/), 'Robert')
    await user.clear(within(details).getByLabelText(/Email/))
    await user.type(within(details).getByLabelText(/Email/), 'robert@example.com')
    await user.selectOptions(within(details).getByLabelText('Role'), 'Admin')
    await user.click(within(details).getByRole('button', { name: 'Update User Details' }))
    await findToast('User Updated')
    expect(trpcCallsTo('admin.updateUser')[0]).toMatchObject({
      id: attendee.id,
      firstName: 'Robert',
      email: 'robert@example.com',
      role: 'admin',
    })
  })

  it('reports a failed details update with the server message', async () => {
    mockTrpc({
      'admin.updateUser': () => {
        throw new TrpcMockError('CONFLICT', 'An account with this email already exists.')
      },
    })
    const { user, dialog } = await editBob()
    await user.click(within(dialog).getByRole('button', { name: 'Update User Details' }))
    const toast = await findToast('Failed to Update User')
    expect(toast).toHaveTextContent('An account with this email already exists.')
  })

  it('sets a new password with the form messages', async () => {
    mockTrpc({ 'admin.setUserPassword': () => ({ ok: true }) })
    const { user, dialog } = await editBob()
    const form = within(dialog).getByRole('form', { name: 'Update password' })
    await user.type(within(form).getByLabelText(/New Password/), 'abc')
    await user.click(within(form).getByRole('button', { name: 'Update Password' }))
    expect(await within(form).findByText('Password must be at least 6 characters')).toBeVisible()
    expect(within(form).getByText('Please confirm password')).toBeVisible()
    await user.clear(within(form).getByLabelText(/New Password/))
    await user.type(within(form).getByLabelText(/New Password/), 'longer-secret')
    await user.type(within(form).getByLabelText(/Confirm Password/), 'longer-secreT')
    await user.click(within(form).getByRole('button', { name: 'Update Password' }))
    expect(await within(form).findByText("Passwords don't match")).toBeVisible()
    await user.clear(within(form).getByLabelText(/Confirm Password/))
    await user.type(within(form).getByLabelText(/Confirm Password/), 'longer-secret')
    await user.click(within(form).getByRole('button', { name: 'Update Password' }))
    await findToast('Password Updated')
    expect(trpcCallsTo('admin.setUserPassword')).toEqual([
      { id: attendee.id, newPassword: 'longer-secret' },
    ])
  })

  it("reports a failed password update with the server's message", async () => {
    mockTrpc({
      'admin.setUserPassword': () => {
        throw new TrpcMockError('BAD_REQUEST', 'This password is too common.')
      },
    })
    const { user, dialog } = await editBob()
    const form = within(dialog).getByRole('form', { name: 'Update password' })
    await user.type(within(form).getByLabelText(/New Password/), 'password1')
    await user.type(within(form).getByLabelText(/Confirm Password/), 'password1')
    await user.click(within(form).getByRole('button', { name: 'Update Password' }))
    const toast = await findToast('Failed to Update Password')
    expect(toast).toHaveTextContent('This password is too common.')
  })
})

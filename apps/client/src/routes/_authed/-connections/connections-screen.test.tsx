import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ConnectionItem } from '../../../api/router-types.ts'
import { makeConnection, makeEventListItem, makePerson, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, never, trpcCallsTo, TrpcMockError } from '../../../test/trpc-msw.ts'

const fest = makeEventListItem({ title: 'Ideas Fest', isJoined: true })
const untitled = makeEventListItem({ title: '' })

const grace = makeConnection({
  eventId: fest.id,
  event: fest,
  connectionTypes: ['SA', 'JV'],
  connectionFocus: 'AI partnerships',
  person: makePerson({
    firstName: 'Grace',
    lastName: 'Hopper',
    company: 'Navy',
    hasUserProfile: true,
    website: 'grace.dev',
    linkedin: 'https://linkedin.com/in/grace',
    email: 'grace@example.com',
    title: 'Rear Admiral',
    location: 'Arlington',
  }),
  photos: ['/objects/photo-1'],
  notes: 'Met at the coffee stand',
})
const alan = makeConnection({
  connectionTypes: ['RF'],
  person: makePerson({ firstName: 'Alan', lastName: 'Turing' }),
})

type ListInput = { eventId?: string; type?: string; cursor?: string }

/** connections.list as the server answers it: the filters applied, then the page. */
function listOf(connections: ConnectionItem[]) {
  return (input: unknown) => {
    const { eventId, type } = input as ListInput
    return connections.filter(
      (connection) =>
        (!eventId || connection.eventId === eventId) &&
        (!type || connection.connectionTypes.includes(type)),
    )
  }
}

function signedIn(connections: ConnectionItem[] = [grace, alan], path = '/connections') {
  mockTrpc({
    'auth.me': () => makeUser(),
    'connections.list': listOf(connections),
    'events.list': () => [fest, untitled],
  })
  return renderApp(path)
}

const group = (title: string) => screen.getByRole('region', { name: title })

describe('connections list', { timeout: 20_000 }, () => {
  it('groups rows by event with avatar, verified badge, company, types and focus', async () => {
    signedIn()
    expect(await screen.findByRole('heading', { name: 'Your Connections' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Add Connection' })).toHaveAttribute(
      'href',
      '/add-connection',
    )
    const festRow = within(await screen.findByRole('region', { name: 'Ideas Fest' })).getByRole(
      'button',
      { name: /Grace Hopper/ },
    )
    expect(festRow).toHaveTextContent('Verified')
    expect(festRow).toHaveTextContent('Navy')
    expect(festRow).toHaveTextContent('AI partnerships')
    expect(within(festRow).getByLabelText('Strategic Alliance')).toBeVisible()
    // The photo is the avatar; it is decorative next to the written name.
    expect(festRow.querySelector('img')).toHaveAttribute('src', '/objects/photo-1')
    expect(festRow.querySelector('img')).toHaveAttribute('alt', '')
    const personal = group('Personal connections')
    expect(within(personal).getByText('Alan Turing')).toBeVisible()
    expect(within(personal).getByText('AT')).toBeVisible()
    expect(within(personal).queryByText('Verified')).not.toBeInTheDocument()
  })

  it('names each row by what it shows, so the visible text is part of the name (WCAG 2.5.3)', async () => {
    signedIn()
    const festRow = within(await screen.findByRole('region', { name: 'Ideas Fest' })).getByRole(
      'button',
      { name: /Grace Hopper/ },
    )
    expect(festRow).toHaveAccessibleName(
      'Grace Hopper Verified Navy Strategic Alliance Joint Venture AI partnerships',
    )
    expect(festRow).not.toHaveAttribute('aria-label')
  })

  it('filters by type, with the empty text naming the type', async () => {
    const { user } = signedIn()
    await screen.findByText('Grace Hopper')
    await user.click(screen.getByRole('button', { name: 'RF' }))
    expect(screen.getByRole('button', { name: 'RF' })).toHaveAttribute('aria-pressed', 'true')
    expect(await screen.findByText('Alan Turing')).toBeVisible()
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'MA' }))
    expect(await screen.findByText('No MA connections found.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'All Types' }))
    expect(await screen.findByText('Grace Hopper')).toBeVisible()
  })

  it('asks the server for the filtered list, so a match beyond the first page is shown', async () => {
    // Grace is past the unfiltered list's first page; the filtered list starts with her.
    mockTrpc({
      'auth.me': () => makeUser(),
      'events.list': () => [fest, untitled],
      'connections.list': (input) =>
        (input as ListInput).type === 'JV'
          ? { items: [grace], nextCursor: null }
          : { items: [alan], nextCursor: 'page-2' },
    })
    const { user } = renderApp('/connections')
    await screen.findByText('Alan Turing')
    await user.click(screen.getByRole('button', { name: 'JV' }))
    expect(await screen.findByText('Grace Hopper')).toBeVisible()
    expect(screen.queryByText('Alan Turing')).not.toBeInTheDocument()
    expect(trpcCallsTo('connections.list').at(-1)).toEqual({ type: 'JV' })
    // Back to all types: the unfiltered list is still in the cache, not asked for again.
    await user.click(screen.getByRole('button', { name: 'All Types' }))
    expect(await screen.findByText('Alan Turing')).toBeVisible()
    expect(trpcCallsTo('connections.list')).toHaveLength(2)
  })

  it('presets the event filter from ?eventId= and names untitled events Unknown Event', async () => {
    const { user, app } = signedIn(undefined, `/connections?eventId=${fest.id}`)
    const select = await screen.findByRole('combobox', { name: 'Event' })
    await waitFor(() => expect(select).toHaveValue(fest.id))
    expect(await screen.findByText('Grace Hopper')).toBeVisible()
    expect(screen.queryByText('Alan Turing')).not.toBeInTheDocument()
    expect(trpcCallsTo('connections.list')).toEqual([{ eventId: fest.id }])
    expect(within(select).getByRole('option', { name: 'Unknown Event' })).toBeInTheDocument()
    await user.selectOptions(select, untitled.id)
    expect(await screen.findByText('No connections found.')).toBeVisible()
    expect(app.router.state.location.search).toEqual({ eventId: untitled.id })
    await user.selectOptions(select, 'All Events')
    expect(await screen.findByText('Alan Turing')).toBeVisible()
  })

  it('shows the empty text', async () => {
    signedIn([])
    expect(await screen.findByText('No connections found.')).toBeVisible()
  })

  it('shows a spinner while loading', async () => {
    mockTrpc({ 'auth.me': () => makeUser(), 'connections.list': never, 'events.list': () => [] })
    renderApp('/connections')
    expect(await screen.findByLabelText('Loading connections')).toBeInTheDocument()
  })

  it('says so when the list cannot be loaded', async () => {
    mockTrpc({
      'auth.me': () => makeUser(),
      'connections.list': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
      'events.list': () => [],
    })
    renderApp('/connections')
    expect(await screen.findByText('Connections could not be loaded')).toBeVisible()
  })
})

describe('connection details', { timeout: 20_000 }, () => {
  it('shows every field, links with https:// and photos opening in a new tab', async () => {
    const { user } = signedIn()
    await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Connection Details' })
    expect(within(dialog).getByText('Rear Admiral')).toBeVisible()
    expect(within(dialog).getByText('Arlington')).toBeVisible()
    expect(within(dialog).getByRole('link', { name: 'grace.dev' })).toHaveAttribute(
      'href',
      'https://grace.dev',
    )
    expect(
      within(dialog).getByRole('link', { name: 'https://linkedin.com/in/grace' }),
    ).toHaveAttribute('href', 'https://linkedin.com/in/grace')
    expect(within(dialog).getByText('Ideas Fest')).toBeVisible()
    expect(within(dialog).getByText('Met at the coffee stand')).toBeVisible()
    expect(within(dialog).getByText('No voice note recorded')).toBeVisible()
    const photo = within(dialog).getByRole('img', { name: 'Photo 1 of Grace Hopper' })
    expect(photo.closest('a')).toHaveAttribute('target', '_blank')
    expect(within(dialog).getByText(/^Connected/)).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('opens the connection a link names (the reminder email links each one so)', async () => {
    const { user, app } = signedIn([grace, alan], `/connections?connection=${alan.id}`)
    const dialog = await screen.findByRole('dialog', { name: 'Connection Details' })
    expect(within(dialog).getByText('Alan Turing')).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Back or a reload does not open it again.
    expect(app.router.state.location.search).toEqual({})
  })

  it('shows the empty texts for a bare connection', async () => {
    const { user } = signedIn()
    await user.click(await screen.findByRole('button', { name: /Alan Turing/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Connection Details' })
    expect(within(dialog).getByText('No focus areas specified')).toBeVisible()
    expect(within(dialog).getByText('No notes added')).toBeVisible()
    expect(within(dialog).getByText('No photos attached')).toBeVisible()
  })

  it('deletes a voice note at once, saving empty voice-note fields', async () => {
    const withNote = makeConnection({
      voiceNoteUrl: '/objects/voice-1',
      voiceNoteTranscription: 'Call him Tuesday',
      person: makePerson({ firstName: 'Linus', lastName: 'Pauling' }),
    })
    mockTrpc({ 'connections.update': () => ({ ...withNote, voiceNoteUrl: null }) })
    const { user } = signedIn([withNote])
    await user.click(await screen.findByRole('button', { name: /Linus Pauling/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Connection Details' })
    expect(within(dialog).getByLabelText('Voice note')).toHaveAttribute(
      'src',
      '/api/voice-notes/voice-1',
    )
    expect(within(dialog).getByText('Call him Tuesday')).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Delete voice note' }))
    await findToast('Voice Note Deleted')
    expect(trpcCallsTo('connections.update')).toEqual([
      { id: withNote.id, voiceNoteUrl: null, voiceNoteTranscription: null },
    ])
  })
})

describe('editing a connection', { timeout: 20_000 }, () => {
  async function openEdit() {
    const rendered = signedIn()
    await rendered.user.click(await screen.findByRole('button', { name: /Grace Hopper/ }))
    await rendered.user.click(await screen.findByRole('button', { name: 'Edit Connection' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Connection' })
    return { ...rendered, dialog }
  }

  it('is prefilled, marks types as required, and saves the changes', async () => {
    mockTrpc({ 'connections.update': () => grace })
    const { user, dialog } = await openEdit()
    expect(within(dialog).getByLabelText('Focus')).toHaveValue('AI partnerships')
    expect(within(dialog).getByLabelText('Email')).toHaveValue('grace@example.com')
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(within(dialog).getByLabelText('Mobile')).toHaveAttribute('type', 'tel')
    expect(within(dialog).getByLabelText('Website')).toHaveAttribute('type', 'url')
    expect(within(dialog).getByRole('combobox', { name: 'Event' })).toHaveValue(fest.id)
    const types = within(dialog).getByRole('group', { name: /Connection Types/ })
    expect(types).toHaveTextContent('*')
    expect(within(types).getByRole('button', { name: 'Strategic Alliance' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.click(within(types).getByRole('button', { name: 'Raving Fan' }))
    await user.click(within(types).getByRole('button', { name: 'Joint Venture' }))
    await user.clear(within(dialog).getByLabelText('Notes'))
    await user.type(within(dialog).getByLabelText('Notes'), 'Follow up in May')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    await findToast('Connection Updated')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Connection' })).not.toBeInTheDocument(),
    )
    expect(trpcCallsTo('connections.update')[0]).toMatchObject({
      id: grace.id,
      eventId: fest.id,
      connectionTypes: ['SA', 'RF'],
      notes: 'Follow up in May',
      email: 'grace@example.com',
    })
  })

  it('refuses a malformed email before calling the server', async () => {
    const { user, dialog } = await openEdit()
    await user.clear(within(dialog).getByLabelText('Email'))
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await within(dialog).findByText('Invalid email address')).toBeVisible()
    expect(trpcCallsTo('connections.update')).toEqual([])
  })

  it('shows the failure toast when saving fails', async () => {
    mockTrpc({
      'connections.update': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    const { user, dialog } = await openEdit()
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    const toast = await findToast('Failed to Update Connection')
    expect(toast).toHaveTextContent('An error occurred while updating the connection.')
  })

  it("names the voice note's Delete apart from the connection's Delete", async () => {
    const withNote = { ...grace, voiceNoteUrl: '/objects/voice-1', voiceNoteTranscription: 'Hi' }
    const { user } = signedIn([withNote])
    await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }))
    await user.click(await screen.findByRole('button', { name: 'Edit Connection' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Connection' })
    expect(within(dialog).getAllByRole('button', { name: 'Delete' })).toHaveLength(1)
    expect(within(dialog).getAllByRole('button', { name: 'Delete voice note' })).toHaveLength(1)
  })

  it('deletes only after the confirm', async () => {
    mockTrpc({ 'connections.delete': () => ({ ok: true }) })
    const { user, dialog } = await openEdit()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete Connection' })
    expect(confirm).toHaveTextContent('Are you sure you want to delete this connection?')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(trpcCallsTo('connections.delete')).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Connection' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    await findToast('Connection Deleted')
    expect(trpcCallsTo('connections.delete')).toEqual([{ id: grace.id }])
  })

  it('closes only the confirm on Escape, keeping the edit form open', async () => {
    const { user, dialog } = await openEdit()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await screen.findByRole('dialog', { name: 'Delete Connection' })
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Connection' })).toBeNull(),
    )
    expect(screen.getByRole('dialog', { name: 'Edit Connection' })).toBeVisible()
    expect(trpcCallsTo('connections.delete')).toEqual([])
  })

  it('shows the failure toast when deleting fails', async () => {
    mockTrpc({
      'connections.delete': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    const { user, dialog } = await openEdit()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Connection' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    const toast = await findToast('Failed to Delete Connection')
    expect(toast).toHaveTextContent('An error occurred while deleting the connection.')
  })
})

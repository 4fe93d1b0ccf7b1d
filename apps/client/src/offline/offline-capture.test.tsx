import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { makeConnection, makeHomeSummary, makeUser } from '../test/factories.ts'
import { findToast, renderApp } from '../test/render-app.tsx'
import { mockTrpc, trpcCallsTo } from '../test/trpc-msw.ts'
import { newQueuedConnection } from './outbox-item.ts'
import { enqueueConnection } from './outbox.ts'
import { keepConnectionsForOffline } from './start-offline.ts'

const me = makeUser({ firstName: 'Mae' })

function setOnline(isOnline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline })
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'))
}

function open(path: string) {
  const grace = makeConnection({
    person: { ...makeConnection().person, firstName: 'Grace', lastName: 'Hopper' },
  })
  mockTrpc({
    'auth.me': () => me,
    'events.list': () => [],
    'events.listJoined': () => [],
    'home.summary': () => makeHomeSummary({ totalConnections: 1, recentConnections: [grace] }),
    'connections.list': () => [grace],
  })
  const opened = renderApp(path)
  // What offline support keeps once signed in (startOffline), which renderApp does not start.
  void keepConnectionsForOffline(opened.app)
  return opened
}

const waitingList = () => screen.findByRole('region', { name: /^Waiting to Sync/ })

afterEach(() => setOnline(true))

describe('capturing with no network', { timeout: 20_000 }, () => {
  it('saves on the device, says so, and shows the connection waiting with the offline status', async () => {
    const { user, currentPath } = open('/add-connection')
    await screen.findByLabelText(/First name/)
    act(() => setOnline(false))
    await user.type(screen.getByLabelText(/First name/), 'Katherine')
    await user.type(screen.getByLabelText(/Last name/), 'Johnson')
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))

    expect(await findToast('Connection Saved')).toHaveTextContent(
      'Saved on this device: it syncs once you are back online.',
    )
    await waitFor(() => expect(currentPath()).toBe('/'))
    expect(await waitingList()).toHaveTextContent('Katherine Johnson')
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/Offline.*1 waiting/)
    expect(trpcCallsTo('people.create')).toEqual([])
    expect(trpcCallsTo('connections.create')).toEqual([])
  })

  it('finds people among the saved connections when offline', async () => {
    const { user } = open('/')
    await screen.findByRole('button', { name: /Grace Hopper/ })
    act(() => setOnline(false))
    await user.click(screen.getByRole('link', { name: /Add Connection/ }))
    await user.type(await screen.findByLabelText('Search by name'), 'hop')
    await user.click(await screen.findByRole('button', { name: 'Choose Grace Hopper' }))
    expect(await findToast('Person Selected')).toHaveTextContent('Grace Hopper')
    expect(trpcCallsTo('people.search')).toEqual([])
  })

  it('shows a refused connection with the server’s reason, and discards it after a confirm', async () => {
    await enqueueConnection({
      ...newQueuedConnection({
        userId: me.id,
        personName: 'Mary Jackson',
        eventTitle: 'Ideas Fest',
        person: { details: { firstName: 'Mary', lastName: 'Jackson' } },
        content: { eventId: null, connectionTypes: [] },
        photos: [],
        localPhotos: [],
        voiceNoteUrl: null,
        voiceNoteTranscription: null,
        localVoiceNote: null,
      }),
      failure: 'That event does not exist.',
    })
    const { user } = open('/connections')
    const waiting = await waitingList()
    expect(waiting).toHaveTextContent('Mary JacksonIdeas FestNot saved: That event does not exist.')
    await user.click(
      within(waiting).getByRole('button', { name: 'Discard the connection with Mary Jackson' }),
    )
    const confirm = await screen.findByRole('dialog', { name: 'Discard Connection' })
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }))
    await findToast('Connection Discarded')
    await waitFor(() => expect(screen.queryByText('Mary Jackson')).not.toBeInTheDocument())
  })
})

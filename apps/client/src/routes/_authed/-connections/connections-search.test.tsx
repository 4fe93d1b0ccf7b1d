import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionSearchResult } from '../../../api/router-types.ts'
import { makeConnection, makeEventListItem, makePerson, makeUser } from '../../../test/factories.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo, TrpcMockError } from '../../../test/trpc-msw.ts'

const fest = makeEventListItem({ title: 'Ideas Fest Keynote', isJoined: true })
const priya = makeConnection({
  eventId: fest.id,
  event: fest,
  connectionTypes: ['JV'],
  connectionFocus: 'Fintech payments',
  person: makePerson({ firstName: 'Priya', lastName: 'Raman', company: 'Ledgerly' }),
})
const tom = makeConnection({ person: makePerson({ firstName: 'Tom', lastName: 'Baker' }) })

const found: ConnectionSearchResult = {
  ...priya,
  rank: 2.1,
  highlights: {
    focus: [
      { text: 'Fintech', isMatch: true },
      { text: ' payments', isMatch: false },
    ],
    event: [
      { text: 'Ideas Fest ', isMatch: false },
      { text: 'Keynote', isMatch: true },
    ],
    transcription: [
      { text: '… said ', isMatch: false },
      { text: '<b>keynote</b>', isMatch: true },
      { text: ' …', isMatch: false },
    ],
  },
}

function signedIn(path = '/connections', search: (input: unknown) => unknown = () => [found]) {
  mockTrpc({
    'auth.me': () => makeUser(),
    'connections.list': () => [priya, tom],
    'events.list': () => [fest],
    'connections.search': search,
  })
  return renderApp(path)
}

// Load the lazy screens once up front: their first transform is slow on a busy machine.
beforeAll(
  () => Promise.all([import('./connections-screen.tsx'), import('../../-home/home-screen.tsx')]),
  60_000,
)

const searchBox = () => screen.findByRole('searchbox', { name: 'Search connections' })

describe('connections memory search', { timeout: 20_000 }, () => {
  it('shows ranked results with the matched words marked, and keeps the text in ?q=', async () => {
    const { user, app } = signedIn()
    await screen.findByText('Tom Baker')
    await user.type(await searchBox(), 'fintech keynote')

    const results = await screen.findByRole('region', { name: 'Search results' })
    expect(within(results).getByText('1 connection found')).toBeVisible()
    const row = within(results).getByRole('button', { name: /Priya Raman/ })
    const marks = [...row.querySelectorAll('mark')].map((mark) => mark.textContent)
    expect(marks).toEqual(['Keynote', 'Fintech', '<b>keynote</b>'])
    expect(row.querySelector('b')).toBeNull()
    expect(row).toHaveTextContent('Voice note: … said <b>keynote</b> …')
    expect(screen.queryByText('Tom Baker')).not.toBeInTheDocument()
    expect(trpcCallsTo('connections.search').at(-1)).toEqual({ q: 'fintech keynote' })
    await waitFor(() => expect(app.router.state.location.search).toEqual({ q: 'fintech keynote' }))

    await user.click(row)
    expect(await screen.findByRole('dialog')).toHaveTextContent('Ledgerly')
  })

  it('sends the event and type filters with the search', async () => {
    const { user } = signedIn(`/connections?eventId=${fest.id}&q=fintech`)
    expect(await searchBox()).toHaveValue('fintech')
    await screen.findByRole('region', { name: 'Search results' })
    await user.click(screen.getByRole('button', { name: 'JV' }))
    await waitFor(() =>
      expect(trpcCallsTo('connections.search').at(-1)).toEqual({
        q: 'fintech',
        eventId: fest.id,
        type: 'JV',
      }),
    )
  })

  it('shows the whole list again below two characters, and says when nothing matches', async () => {
    const { user } = signedIn('/connections', () => [])
    await user.type(await searchBox(), 'zz')
    expect(await screen.findByText('No connections match “zz”.')).toBeVisible()
    await user.type(await searchBox(), '{Backspace}')
    expect(await screen.findByText('Tom Baker')).toBeVisible()
    expect(trpcCallsTo('connections.search')).toEqual([{ q: 'zz' }])
  })

  it('shows the server’s reason when a search is refused', async () => {
    const { user } = signedIn('/connections', () => {
      throw new TrpcMockError('BAD_REQUEST', 'The search text is too long')
    })
    await user.type(await searchBox(), 'grace')
    expect(await screen.findByText('The search text is too long')).toBeVisible()
  })

  it('is reachable from Home', async () => {
    mockTrpc({ 'events.listJoined': () => [] })
    const { user, app } = signedIn('/')
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search your connections' }),
      'fintech{Enter}',
    )
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/connections'))
    expect(app.router.state.location.search).toEqual({ q: 'fintech' })
    expect(await searchBox()).toHaveValue('fintech')
    expect(await screen.findByRole('region', { name: 'Search results' })).toBeVisible()
  })
})

import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeConnection, makeEventListItem, makePerson, makeUser } from '../../../test/factories.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { mockTrpc } from '../../../test/trpc-msw.ts'

const fest = makeEventListItem({ title: 'Ideas Fest' })
const summit = makeEventListItem({ title: 'Fintech Summit' })
const grace = makePerson({ firstName: 'Grace', lastName: 'Hopper' })
const atFest = makeConnection({
  person: grace,
  eventId: fest.id,
  event: fest,
  connectionTypes: ['SA'],
  createdAt: new Date('2025-03-01T10:00:00Z'),
})
const atSummit = makeConnection({
  person: grace,
  eventId: summit.id,
  event: summit,
  connectionTypes: ['JV'],
  createdAt: new Date('2025-10-12T10:00:00Z'),
})
const personal = makeConnection({ person: grace, createdAt: new Date('2025-11-02T10:00:00Z') })
const alan = makeConnection({ person: makePerson({ firstName: 'Alan', lastName: 'Turing' }) })

beforeAll(() => import('./connections-screen.tsx'), 60_000)

describe('times you met someone', { timeout: 20_000 }, () => {
  it('lists every meeting with that person across events, newest first', async () => {
    mockTrpc({
      'auth.me': () => makeUser(),
      'connections.list': () => [personal, atSummit, alan, atFest],
      'events.list': () => [fest, summit],
    })
    const { user } = renderApp('/connections')
    const festGroup = await screen.findByRole('region', { name: 'Ideas Fest' })
    await user.click(within(festGroup).getByRole('button', { name: /^Grace Hopper/ }))
    const timeline = within(await screen.findByRole('dialog')).getByRole('region', {
      name: 'Times You Met (3)',
    })
    const items = within(timeline).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('2 Nov 2025Personal connection'),
      expect.stringContaining('12 Oct 2025Fintech Summit'),
      expect.stringContaining('1 Mar 2025Ideas FestThis one'),
    ])
    expect(items[2]).toHaveAttribute('aria-current', 'true')
    expect(timeline).not.toHaveTextContent('Alan')
  })

  it('is left out for someone met once', async () => {
    mockTrpc({
      'auth.me': () => makeUser(),
      'connections.list': () => [alan, atFest],
      'events.list': () => [fest],
    })
    const { user } = renderApp('/connections')
    await user.click(await screen.findByRole('button', { name: /^Alan Turing/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByText(/Times You Met/)).not.toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeConnection, makePerson, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo } from '../../../test/trpc-msw.ts'

const open = makeConnection({
  followUpOn: '2030-03-01',
  person: makePerson({ firstName: 'Olga', lastName: 'Open' }),
})
const done = makeConnection({
  followUpOn: '2030-01-01',
  followUpDone: true,
  person: makePerson({ firstName: 'Dora', lastName: 'Done' }),
})
const none = makeConnection({ person: makePerson({ firstName: 'Nina', lastName: 'None' }) })

function signedIn() {
  mockTrpc({
    'auth.me': () => makeUser(),
    'connections.list': (input) =>
      (input as { needsFollowUp?: boolean }).needsFollowUp ? [open] : [open, done, none],
    'events.list': () => [],
    'connections.update': () => open,
    'connections.search': () => [],
  })
  return renderApp('/connections')
}

beforeAll(() => import('./connections-screen.tsx'), 60_000)

describe('connections follow-ups', { timeout: 20_000 }, () => {
  it('filters the list to the connections that need a follow-up, and the search too', async () => {
    const { user } = signedIn()
    await screen.findByText('Nina None')
    await user.click(screen.getByRole('switch', { name: 'Needs follow-up' }))
    await waitFor(() => expect(screen.queryByText('Dora Done')).not.toBeInTheDocument())
    expect(trpcCallsTo('connections.list').at(-1)).toEqual({ needsFollowUp: true })
    expect(screen.getByText('Olga Open')).toBeVisible()
    expect(screen.queryByText('Nina None')).not.toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Search connections' }), 'olga')
    await waitFor(() =>
      expect(trpcCallsTo('connections.search').at(-1)).toEqual({ q: 'olga', needsFollowUp: true }),
    )
  })

  it('shows the date with an Add to calendar link, and edits the date and the done flag', async () => {
    const { user } = signedIn()
    await user.click(await screen.findByRole('button', { name: /^Olga Open/ }))
    const details = await screen.findByRole('dialog')
    expect(details).toHaveTextContent('Follow up1 Mar 2030')
    expect(within(details).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/connections/${open.id}/follow-up.ics`,
    )
    await user.click(within(details).getByRole('button', { name: 'Edit Connection' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Connection' })
    const date = within(dialog).getByLabelText('Follow-up date')
    expect(date).toHaveAttribute('type', 'date')
    expect(date).toHaveValue('2030-03-01')
    await user.clear(date)
    await user.type(date, '2030-04-15')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Follow-up done' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    await findToast('Connection Updated')
    expect(trpcCallsTo('connections.update')[0]).toMatchObject({
      id: open.id,
      followUpOn: '2030-04-15',
      followUpDone: true,
    })
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionItem } from '../../api/router-types.ts'
import {
  asFollowUpDue,
  daysFromNow,
  makeConnection,
  makeHomeSummary,
  makePerson,
  makeUser,
} from '../../test/factories.ts'
import { findToast, renderApp } from '../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo, TrpcMockError } from '../../test/trpc-msw.ts'
import { localDay } from '../../lib/follow-ups.ts'

const dueIn = (days: number, firstName: string, extra: Partial<ConnectionItem> = {}) =>
  makeConnection({
    followUpOn: localDay(daysFromNow(days)),
    person: makePerson({ firstName, lastName: 'Test' }),
    ...extra,
  })

const overdue = dueIn(-3, 'Olga')
const today = dueIn(0, 'Tara')
const soon = dueIn(5, 'Sam')

/** Home answering `due` as the server picks the follow-ups due: open, by day, 14 days ahead. */
function signedInHome(due: ConnectionItem[]) {
  mockTrpc({
    'auth.me': () => makeUser(),
    'home.summary': () => makeHomeSummary({ followUpsDue: due.map(asFollowUpDue) }),
    'events.listJoined': () => [],
  })
  return renderApp('/')
}

const section = async () =>
  (await screen.findByRole('heading', { name: 'Follow up' })).closest('section') as HTMLElement

beforeAll(() => import('./home-screen.tsx'), 60_000)

describe('home follow-ups', { timeout: 20_000 }, () => {
  it('lists them as answered: overdue first, then due soon by date, with labels and links', async () => {
    signedInHome([overdue, today, soon])
    const card = await section()
    await within(card).findByText('Olga Test')
    const items = within(card).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Olga Test\s*Overdue by 3 days · /),
      expect.stringMatching(/^Tara Test\s*Due today · /),
      expect.stringMatching(/^Sam Test\s*Due in 5 days · /),
    ])
    expect(
      within(card).getByRole('link', { name: 'Add to calendar: follow-up with Olga Test' }),
    ).toHaveAttribute('href', `/api/connections/${overdue.id}/follow-up.ics`)
  })

  it('marks one done, which takes it off Home', async () => {
    mockTrpc({
      'connections.update': () => {
        mockTrpc({ 'home.summary': () => makeHomeSummary({ followUpsDue: [asFollowUpDue(soon)] }) })
        return { ...overdue, followUpDone: true }
      },
    })
    const { user } = signedInHome([overdue, soon])
    const card = await section()
    await user.click(
      await within(card).findByRole('button', { name: 'Done: follow-up with Olga Test' }),
    )
    await findToast('Follow-up Done')
    expect(trpcCallsTo('connections.update')).toEqual([{ id: overdue.id, followUpDone: true }])
    await waitFor(() => expect(within(card).queryByText('Olga Test')).not.toBeInTheDocument())
    expect(within(card).getByText('Sam Test')).toBeVisible()
  })

  it('says when there is nothing to follow up', async () => {
    signedInHome([])
    expect(
      await within(await section()).findByText('Nothing to follow up in the next two weeks.'),
    ).toBeVisible()
  })

  it('keeps the follow-up and says so when marking it done fails', async () => {
    mockTrpc({
      'connections.update': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    const { user } = signedInHome([overdue])
    const card = await section()
    await user.click(
      await within(card).findByRole('button', { name: 'Done: follow-up with Olga Test' }),
    )
    expect(await findToast('Failed to Update Connection')).toBeVisible()
    expect(within(card).getByText('Olga Test')).toBeVisible()
  })
})

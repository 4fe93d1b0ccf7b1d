import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PersonMatch } from '../../../api/router-types.ts'
import { makePerson, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo, TrpcMockError } from '../../../test/trpc-msw.ts'

const known = makePerson({ firstName: 'Grace', lastName: 'Hopper', company: 'Navy' })
const match: PersonMatch = {
  person: known,
  reasons: ['email', 'name'],
  meetings: 2,
  lastMetAt: new Date('2025-06-05T10:00:00Z'),
}

function open(listDuplicates: (input: unknown) => unknown = () => [match]) {
  mockTrpc({
    'auth.me': () => makeUser(),
    'events.list': () => [],
    'people.search': () => [],
    'people.listDuplicates': listDuplicates,
    'connections.create': () => ({ id: 'c1' }),
    'connections.createWithPerson': () => ({ id: 'c1' }),
    'connections.list': () => [],
    'events.listJoined': () => [],
  })
  return renderApp('/add-connection')
}

async function fillAndSave(user: ReturnType<typeof open>['user']) {
  await user.type(await screen.findByLabelText(/First name/), 'Grace')
  await user.type(screen.getByLabelText(/Last name/), 'Hoper')
  await user.type(screen.getByLabelText('Company'), 'Navy')
  await user.type(screen.getByLabelText('Email'), 'grace@navy.example')
  await user.click(screen.getByRole('button', { name: 'Save Connection' }))
  return screen.findByRole('dialog', { name: 'Met before?' })
}

describe('adding someone already met', { timeout: 20_000 }, () => {
  it('says so before saving, with why, and adds the meeting to that person', async () => {
    const { user, currentPath } = open()
    const dialog = await fillAndSave(user)
    expect(trpcCallsTo('people.listDuplicates')).toEqual([
      {
        firstName: 'Grace',
        lastName: 'Hoper',
        company: 'Navy',
        email: 'grace@navy.example',
        mobile: null,
        linkedin: null,
      },
    ])
    expect(dialog).toHaveTextContent('Same email · Similar name at the same company')
    expect(dialog).toHaveTextContent('Met 2 times, last on 5 Jun 2025')
    expect(trpcCallsTo('connections.create')).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Add to Grace Hopper' }))
    await findToast('Connection Saved')
    await waitFor(() => expect(currentPath()).toBe('/'))
    expect(trpcCallsTo('people.create')).toEqual([])
    expect(trpcCallsTo('connections.create')).toEqual([
      expect.objectContaining({ personId: known.id }),
    ])
  })

  it('saves a new person when told to', async () => {
    const { user } = open()
    const dialog = await fillAndSave(user)
    await user.click(within(dialog).getByRole('button', { name: 'Save as a new person' }))
    await findToast('Connection Saved')
    expect(trpcCallsTo('connections.create')).toEqual([])
    expect(trpcCallsTo('connections.createWithPerson')).toMatchObject([
      { person: { firstName: 'Grace', lastName: 'Hoper' } },
    ])
  })

  it('saves nothing on Cancel, and goes straight on when nobody matches', async () => {
    const { user } = open()
    const dialog = await fillAndSave(user)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trpcCallsTo('connections.createWithPerson')).toEqual([])

    mockTrpc({ 'people.listDuplicates': () => [] })
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    expect(trpcCallsTo('connections.createWithPerson')).toHaveLength(1)
  })

  it('says Save Failed when the check cannot be made', async () => {
    const { user } = open(() => {
      throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
    })
    await user.type(await screen.findByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace')
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Save Failed')
    expect(trpcCallsTo('connections.createWithPerson')).toEqual([])
  })
})

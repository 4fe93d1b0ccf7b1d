import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CAPTURE_MEMORY_KEY } from '../../../lib/capture-memory.ts'
import { DAY_MS, makeEventListItem, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo } from '../../../test/trpc-msw.ts'

const HOUR_MS = 60 * 60 * 1000
const user = makeUser()
const now = () => new Date()

const happeningToday = makeEventListItem({
  title: 'Ideas Fest',
  isJoined: true,
  startDateTime: now(),
})
const notJoinedToday = makeEventListItem({
  title: 'Other Summit',
  isJoined: false,
  startDateTime: now(),
})
const lastWeek = makeEventListItem({
  title: 'Last Week Meetup',
  isJoined: true,
  startDateTime: new Date(Date.now() - 7 * DAY_MS),
})
const nextMonth = makeEventListItem({
  title: 'Next Month Expo',
  isJoined: true,
  startDateTime: new Date(Date.now() + 30 * DAY_MS),
})

function remembered(memory: object) {
  localStorage.setItem(CAPTURE_MEMORY_KEY, JSON.stringify({ userId: user.id, ...memory }))
}

function open(events: unknown[], path = '/add-connection') {
  mockTrpc({
    'auth.me': () => user,
    'events.list': () => events,
    'people.search': () => [],
    'people.listDuplicates': () => [],
    'connections.create': () => ({ id: 'c1' }),
    'connections.createWithPerson': () => ({ id: 'c1' }),
    'connections.list': () => [],
  })
  return renderApp(path)
}

const eventSelect = () => screen.findByLabelText('Event')
const typeButton = (name: string) => screen.getByRole('button', { name })

describe('add connection remembers the common case', { timeout: 20_000 }, () => {
  it('preselects the joined event happening today', async () => {
    open([notJoinedToday, lastWeek, happeningToday, nextMonth])
    await waitFor(async () => expect(await eventSelect()).toHaveValue(happeningToday.id))
  })

  it('keeps the event of ?eventId= over the one happening today', async () => {
    open([happeningToday, nextMonth], `/add-connection?eventId=${nextMonth.id}`)
    await screen.findByRole('option', { name: /Ideas Fest/ })
    expect(await eventSelect()).toHaveValue(nextMonth.id)
  })

  it('otherwise preselects the event last used within 12 hours', async () => {
    remembered({
      event: { id: lastWeek.id, usedAt: Date.now() - 2 * HOUR_MS },
      connectionTypes: [],
    })
    open([lastWeek, nextMonth])
    await waitFor(async () => expect(await eventSelect()).toHaveValue(lastWeek.id))
  })

  it('preselects nothing when the last event was used over 12 hours ago', async () => {
    remembered({
      event: { id: lastWeek.id, usedAt: Date.now() - 13 * HOUR_MS },
      connectionTypes: [],
    })
    open([lastWeek, nextMonth])
    await screen.findByRole('option', { name: /Last Week Meetup/ })
    expect(await eventSelect()).toHaveValue('')
  })

  it('remembers the event of a save', async () => {
    const { user: person } = open([lastWeek])
    await screen.findByRole('option', { name: /Last Week Meetup/ })
    await person.selectOptions(await eventSelect(), lastWeek.id)
    await person.type(screen.getByLabelText(/First name/), 'Ada')
    await person.type(screen.getByLabelText(/Last name/), 'Lovelace')
    await person.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    expect(JSON.parse(localStorage.getItem(CAPTURE_MEMORY_KEY) ?? '{}')).toMatchObject({
      event: { id: lastWeek.id },
    })
  })

  it('offers the last types in one tap without choosing them, and remembers the new ones', async () => {
    remembered({ event: null, connectionTypes: ['SA', 'JV'] })
    const { user: person } = open([])
    const sameAsLast = await screen.findByRole('button', { name: 'Same as last time: SA, JV' })
    expect(typeButton('Strategic Alliance')).toHaveAttribute('aria-pressed', 'false')
    expect(typeButton('Joint Venture')).toHaveAttribute('aria-pressed', 'false')

    await person.click(sameAsLast)
    expect(typeButton('Strategic Alliance')).toHaveAttribute('aria-pressed', 'true')
    expect(typeButton('Joint Venture')).toHaveAttribute('aria-pressed', 'true')
    expect(screen.queryByRole('button', { name: /Same as last time/ })).not.toBeInTheDocument()

    await person.click(typeButton('Strategic Alliance'))
    await person.type(screen.getByLabelText(/First name/), 'Ada')
    await person.type(screen.getByLabelText(/Last name/), 'Lovelace')
    await person.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    expect(trpcCallsTo('connections.createWithPerson')[0]).toMatchObject({
      connectionTypes: ['JV'],
    })
    expect(JSON.parse(localStorage.getItem(CAPTURE_MEMORY_KEY) ?? '{}')).toMatchObject({
      userId: user.id,
      connectionTypes: ['JV'],
    })
  })

  it("shows nothing remembered from another user's saves on this device", async () => {
    localStorage.setItem(
      CAPTURE_MEMORY_KEY,
      JSON.stringify({ userId: 'someone-else', event: null, connectionTypes: ['SA'] }),
    )
    open([])
    await screen.findByLabelText(/First name/)
    expect(screen.queryByRole('button', { name: /Same as last time/ })).not.toBeInTheDocument()
  })
})

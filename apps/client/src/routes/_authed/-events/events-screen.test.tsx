import { notifications } from '@mantine/notifications'
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EventItem } from '../../../api/router-types.ts'
import { daysFromNow, makeEventListItem, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { BadGateway, mockTrpc, never, TrpcMockError, trpcCallsTo } from '../../../test/trpc-msw.ts'

function eventsPage(events: EventItem[], extra: Parameters<typeof mockTrpc>[0] = {}) {
  mockTrpc({
    'auth.me': () => makeUser(),
    'events.list': () => events,
    'events.listJoined': () => events.filter((event) => event.isJoined),
    ...extra,
  })
  return renderApp('/events')
}

const cardTitles = () =>
  screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))

// Load the lazy screen once up front: its first transform is slow on a busy machine.
beforeAll(() => import('../events.lazy.tsx'), 60_000)

describe('events screen', () => {
  it('orders upcoming events soonest first, then past events most recent first', async () => {
    eventsPage([
      makeEventListItem({ title: 'Past old', startDateTime: daysFromNow(-30) }),
      makeEventListItem({ title: 'Upcoming later', startDateTime: daysFromNow(30) }),
      makeEventListItem({ title: 'Past recent', startDateTime: daysFromNow(-1) }),
      makeEventListItem({ title: 'Upcoming soon', startDateTime: daysFromNow(1) }),
    ])
    await screen.findByRole('article', { name: 'Upcoming soon' })
    expect(cardTitles()).toEqual(['Upcoming soon', 'Upcoming later', 'Past recent', 'Past old'])
    const past = screen.getByRole('article', { name: 'Past old' })
    expect(within(past).getByText('Past')).toBeVisible()
    expect(
      within(screen.getByRole('article', { name: 'Upcoming soon' })).getByText('Upcoming'),
    ).toBeVisible()
  })

  it('asks the server for the trimmed search text and shows what it found, or its empty text', async () => {
    const fest = makeEventListItem({ title: 'Ideas Fest' })
    const summit = makeEventListItem({ title: 'Summit', description: 'All about IDEAS' })
    const meetup = makeEventListItem({ title: 'Meetup', location: 'Leeds' })
    const found: Record<string, EventItem[]> = { ideas: [fest, summit], leeds: [meetup] }
    const { user } = eventsPage([], {
      'events.list': (input) => {
        const { search } = input as { search?: string }
        return search === undefined ? [fest, summit, meetup] : (found[search] ?? [])
      },
    })
    await screen.findByRole('article', { name: 'Meetup' })
    expect(trpcCallsTo('events.list')).toEqual([{}])
    const search = screen.getByPlaceholderText('Search events...')
    await user.type(search, 'ideas')
    await waitFor(() => expect(cardTitles().sort()).toEqual(['Ideas Fest', 'Summit']))
    expect(trpcCallsTo('events.list').at(-1)).toEqual({ search: 'ideas' })
    await user.clear(search)
    await user.type(search, '  leeds ')
    await waitFor(() => expect(cardTitles()).toEqual(['Meetup']))
    expect(trpcCallsTo('events.list').at(-1)).toEqual({ search: 'leeds' })
    await user.type(search, 'zzz')
    expect(await screen.findByText('No events found matching your search.')).toBeVisible()
    expect(trpcCallsTo('events.list').at(-1)).toEqual({ search: 'leeds zzz' })
  })

  it('asks the server for Upcoming and Attended, and searches within them', async () => {
    const joinedPast = makeEventListItem({
      title: 'Joined past',
      startDateTime: daysFromNow(-3),
      isJoined: true,
    })
    const otherFuture = makeEventListItem({ title: 'Other future', startDateTime: daysFromNow(3) })
    const byFilter: Record<string, EventItem[]> = {
      upcoming: [otherFuture],
      attended: [joinedPast],
    }
    const { user } = eventsPage([], {
      'events.list': (input) => {
        const { filter, search } = input as { filter?: string; search?: string }
        if (search) return []
        return filter === undefined ? [joinedPast, otherFuture] : (byFilter[filter] ?? [])
      },
    })
    await screen.findByRole('article', { name: 'Joined past' })
    await user.click(screen.getByRole('radio', { name: 'Upcoming' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Other future']))
    expect(trpcCallsTo('events.list').at(-1)).toEqual({ filter: 'upcoming' })
    await user.click(screen.getByRole('radio', { name: 'Attended' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Joined past']))
    expect(trpcCallsTo('events.list').at(-1)).toEqual({ filter: 'attended' })
    await user.type(screen.getByPlaceholderText('Search events...'), 'nothing')
    expect(await screen.findByText('No events found matching your search.')).toBeVisible()
    expect(trpcCallsTo('events.list').at(-1)).toEqual({ filter: 'attended', search: 'nothing' })
    await user.click(screen.getByRole('radio', { name: 'All' }))
    await user.clear(screen.getByPlaceholderText('Search events...'))
    await waitFor(() => expect(cardTitles()).toEqual(['Other future', 'Joined past']))
  })

  it('says No events found. when there are no events', async () => {
    eventsPage([])
    expect(await screen.findByText('No events found.')).toBeVisible()
  })

  it('shows date, time range, location, badges and the connection count link', async () => {
    const start = daysFromNow(5)
    start.setHours(9, 30, 0, 0)
    const end = new Date(start)
    end.setHours(17, 0, 0, 0)
    const event = makeEventListItem({
      title: 'Ideas Fest',
      description: 'A day of ideas',
      location: 'London',
      startDateTime: start,
      endDateTime: end,
      isJoined: true,
      connectionCount: 3,
    })
    eventsPage([event])
    const card = await screen.findByRole('article', { name: 'Ideas Fest' })
    expect(card).toHaveTextContent('A day of ideas')
    expect(card).toHaveTextContent('09:30 – 17:00')
    expect(card).toHaveTextContent('London')
    expect(within(card).getByText('Joined')).toBeVisible()
    expect(within(card).getByRole('link', { name: '3 connections' })).toHaveAttribute(
      'href',
      `/connections?eventId=${event.id}`,
    )
    expect(within(card).getByRole('link', { name: 'Add Connection' })).toHaveAttribute(
      'href',
      `/add-connection?eventId=${event.id}`,
    )
    expect(within(card).getByRole('button', { name: 'Leave' })).toBeVisible()
    expect(within(card).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()
  })

  it('joins an event: Joining..., the toast, and the refreshed list', async () => {
    const event = makeEventListItem({ title: 'Ideas Fest' })
    let release: () => void = () => {}
    const { user } = eventsPage([event], {
      'events.join': () =>
        new Promise((resolve) => {
          release = () => {
            event.isJoined = true
            resolve({ ok: true })
          }
        }),
    })
    const card = await screen.findByRole('article', { name: 'Ideas Fest' })
    await user.click(within(card).getByRole('button', { name: 'Join' }))
    expect(await within(card).findByRole('button', { name: 'Joining...' })).toBeDisabled()
    release()
    expect(await findToast('Event Joined')).toHaveTextContent(
      'You have successfully joined the event.',
    )
    expect(await within(card).findByRole('button', { name: 'Leave' })).toBeVisible()
    expect(trpcCallsTo('events.join')).toEqual([{ id: event.id }])
  })

  it('leaves an event with Leaving... and the Event Left toast', async () => {
    const event = makeEventListItem({ title: 'Ideas Fest', isJoined: true })
    const { user } = eventsPage([event], { 'events.leave': never })
    const card = await screen.findByRole('article', { name: 'Ideas Fest' })
    await user.click(within(card).getByRole('button', { name: 'Leave' }))
    expect(await within(card).findByRole('button', { name: 'Leaving...' })).toBeDisabled()
  })

  it('shows Event Left after leaving', async () => {
    const joined = makeEventListItem({ title: 'Joined one', isJoined: true })
    const { user } = eventsPage([joined], { 'events.leave': () => ({ ok: true }) })
    const card = await screen.findByRole('article', { name: 'Joined one' })
    await user.click(within(card).getByRole('button', { name: 'Leave' }))
    expect(await findToast('Event Left')).toHaveTextContent('You have left the event.')
  })

  it('shows the failure toasts with the server message or the default text', async () => {
    const { user } = eventsPage(
      [
        makeEventListItem({ title: 'Closed' }),
        makeEventListItem({ title: 'Mine', isJoined: true }),
      ],
      {
        'events.join': () => {
          throw new TrpcMockError('NOT_FOUND', 'Event not found')
        },
        'events.leave': () => {
          throw new BadGateway()
        },
      },
    )
    await user.click(
      within(await screen.findByRole('article', { name: 'Closed' })).getByRole('button', {
        name: 'Join',
      }),
    )
    expect(await findToast('Failed to Join Event')).toHaveTextContent('Event not found')
    act(() => notifications.clean())
    await user.click(
      within(screen.getByRole('article', { name: 'Mine' })).getByRole('button', { name: 'Leave' }),
    )
    expect(await findToast('Failed to Leave Event')).toHaveTextContent(
      'An error occurred while leaving the event.',
    )
  })
})

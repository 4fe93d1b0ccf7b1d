import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionItem } from '../../api/router-types.ts'
import {
  daysFromNow,
  makeConnection,
  makeEvent,
  makeHomeSummary,
  makePerson,
  makeUser,
} from '../../test/factories.ts'
import { renderApp } from '../../test/render-app.tsx'
import { mockTrpc, never } from '../../test/trpc-msw.ts'

/** Home for a user whose newest connections are `recent` (newest first), of `total`. */
function signedInHome({
  recent = [],
  total = recent.length,
  joined = [],
}: { recent?: ConnectionItem[]; total?: number; joined?: ReturnType<typeof makeEvent>[] } = {}) {
  mockTrpc({
    'auth.me': () => makeUser({ firstName: 'Ada' }),
    'home.summary': () => makeHomeSummary({ totalConnections: total, recentConnections: recent }),
    'events.listJoined': () => joined,
  })
  return renderApp('/')
}

const recentCard = () =>
  screen.getByRole('heading', { name: 'Recent Connections' }).closest('section') as HTMLElement

// Load the lazy screen once up front: its first transform is slow on a busy machine.
beforeAll(() => import('./home-screen.tsx'), 60_000)

describe('home screen', () => {
  it('shows the counters: all connections and joined events that have started', async () => {
    signedInHome({
      recent: [makeConnection(), makeConnection()],
      joined: [
        makeEvent({ startDateTime: daysFromNow(-10) }),
        makeEvent({ startDateTime: daysFromNow(-1) }),
        makeEvent({ startDateTime: daysFromNow(3) }),
      ],
    })
    const total = (await screen.findByText('Total Connections')).parentElement
    await waitFor(() => expect(total).toHaveTextContent('2'))
    expect(screen.getByText('Events Attended').parentElement).toHaveTextContent('2')
    expect(screen.getByRole('link', { name: /Add Connection/ })).toHaveAttribute(
      'href',
      '/add-connection',
    )
  })

  it('lists upcoming joined events with their count and an Attending badge', async () => {
    signedInHome({
      joined: [
        makeEvent({ title: 'Later Summit', startDateTime: daysFromNow(20) }),
        makeEvent({ title: 'Past Meetup', startDateTime: daysFromNow(-2) }),
        makeEvent({ title: 'Soon Fest', startDateTime: daysFromNow(2) }),
      ],
    })
    expect(await screen.findByLabelText('2 upcoming events')).toBeInTheDocument()
    const titles = screen.getAllByText(/Summit|Fest|Meetup/).map((node) => node.textContent)
    expect(titles).toEqual(['Soon Fest', 'Later Summit'])
    expect(screen.getAllByText('Attending')).toHaveLength(2)
  })

  it('shows both empty texts', async () => {
    signedInHome()
    expect(await screen.findByText('No upcoming events')).toBeVisible()
    expect(await screen.findByText('No connections yet')).toBeVisible()
  })

  it('shows loading states while the lists load', async () => {
    // The session restored from the device: the session check does not wait on the lists.
    mockTrpc({
      'auth.me': () => makeUser(),
      'home.summary': never,
      'events.listJoined': never,
    })
    renderApp('/', { savedUser: makeUser() })
    expect(await screen.findByLabelText('Loading connections')).toBeInTheDocument()
    expect(screen.getByLabelText('Loading events')).toBeInTheDocument()
  })

  it('shows the 3 newest connections with View All, and Unknown Person as fallback', async () => {
    signedInHome({
      recent: [
        makeConnection({
          person: makePerson({ firstName: 'Newest', lastName: 'One' }),
          createdAt: new Date('2025-04-01'),
          connectionTypes: ['SA', 'RF'],
        }),
        makeConnection({
          person: makePerson({ firstName: '', lastName: '' }),
          createdAt: new Date('2025-03-01'),
        }),
        makeConnection({
          person: makePerson({ firstName: 'Middle', lastName: 'One' }),
          createdAt: new Date('2025-02-01'),
        }),
      ],
      total: 4,
    })
    await screen.findByText('Newest One')
    const rows = within(recentCard()).getAllByRole('button')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Newest One'),
      expect.stringContaining('Unknown Person'),
      expect.stringContaining('Middle One'),
    ])
    expect(within(rows[0] as HTMLElement).getByLabelText('Strategic Alliance')).toBeVisible()
    expect(within(recentCard()).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/connections',
    )
  })

  it('uses the first photo, then the profile image, then initials for the avatar', async () => {
    signedInHome({
      recent: [
        makeConnection({
          person: makePerson({ firstName: 'Photo', lastName: 'Person', profileImageUrl: '/p.png' }),
          photos: ['/first.jpg', '/second.jpg'],
          createdAt: new Date('2025-04-03'),
        }),
        makeConnection({
          person: makePerson({
            firstName: 'Profile',
            lastName: 'Image',
            profileImageUrl: '/p.png',
          }),
          createdAt: new Date('2025-04-02'),
        }),
        makeConnection({
          person: makePerson({ firstName: 'No', lastName: 'Image' }),
          createdAt: new Date('2025-04-01'),
        }),
      ],
    })
    await screen.findByText('Photo Person')
    expect(screen.getByRole('img', { name: 'Photo Person' })).toHaveAttribute('src', '/first.jpg')
    expect(screen.getByRole('img', { name: 'Profile Image' })).toHaveAttribute('src', '/p.png')
    const [, , initialsRow] = within(recentCard()).getAllByRole('button')
    expect(initialsRow).toHaveTextContent('NI')
  })

  it('opens Connection Details with every field and its empty texts', async () => {
    const full = makeConnection({
      person: makePerson({
        firstName: 'Grace',
        lastName: 'Hopper',
        company: 'Navy',
        email: 'grace@example.com',
        mobile: '+44 7000 000000',
        website: 'grace.dev',
        linkedin: 'https://linkedin.com/in/grace',
        hasUserProfile: true,
      }),
      event: { ...makeEvent({ title: 'Ideas Fest' }) },
      connectionTypes: ['JV'],
      connectionFocus: 'Compilers',
      notes: 'Met at the bar',
      voiceNoteUrl: '/objects/uploads/note.webm',
      photos: ['/photo-1.jpg'],
      createdAt: new Date('2025-03-01T10:00:00Z'),
      updatedAt: new Date('2025-03-05T10:00:00Z'),
    })
    const bare = makeConnection({
      person: makePerson({ firstName: 'Bare', lastName: 'Bones' }),
      createdAt: new Date('2025-01-01T10:00:00Z'),
      updatedAt: new Date('2025-01-01T10:00:00Z'),
    })
    const { user } = signedInHome({ recent: [full, bare] })

    await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }))
    let dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Verified')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'grace.dev' })).toHaveAttribute(
      'href',
      'https://grace.dev',
    )
    expect(
      within(dialog).getByRole('link', { name: 'https://linkedin.com/in/grace' }),
    ).toHaveAttribute('href', 'https://linkedin.com/in/grace')
    expect(dialog).toHaveTextContent('grace@example.com')
    expect(dialog).toHaveTextContent('+44 7000 000000')
    expect(dialog).toHaveTextContent('Ideas Fest')
    expect(within(dialog).getByLabelText('Joint Venture')).toBeVisible()
    expect(dialog).toHaveTextContent('Compilers')
    expect(dialog).toHaveTextContent('Met at the bar')
    expect(within(dialog).getByLabelText('Voice note')).toHaveAttribute(
      'src',
      '/api/voice-notes/uploads/note.webm',
    )
    expect(
      within(dialog).getByRole('img', { name: 'Photo 1 of Grace Hopper' }).closest('a'),
    ).toHaveAttribute('target', '_blank')
    expect(dialog).toHaveTextContent('Connected 1 Mar 2025')
    expect(dialog).toHaveTextContent('Last Updated 5 Mar 2025')

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: /Bare Bones/ }))
    dialog = await screen.findByRole('dialog')
    for (const text of [
      'No connection types specified',
      'No focus areas specified',
      'No notes added',
      'No voice note recorded',
      'No photos attached',
    ]) {
      expect(dialog).toHaveTextContent(text)
    }
    expect(dialog).not.toHaveTextContent('Last Updated')
    expect(within(dialog).queryByText('Verified')).not.toBeInTheDocument()
  })

  it("shows 'Shared with you' with the event only when someone sent their details back", async () => {
    const shared = makeConnection({
      person: makePerson({ firstName: 'Linus', lastName: 'Pauling' }),
      event: { ...makeEvent({ title: 'Share Summit' }) },
    })
    mockTrpc({
      'auth.me': () => makeUser({ firstName: 'Ada' }),
      'home.summary': () =>
        makeHomeSummary({
          totalConnections: 1,
          recentConnections: [shared],
          sharedWithYou: [shared],
        }),
      'events.listJoined': () => [],
    })
    renderApp('/')
    const card = (await screen.findByRole('heading', { name: 'Shared with you' })).closest(
      'section',
    ) as HTMLElement
    expect(within(card).getByRole('button', { name: /Linus Pauling/ })).toHaveTextContent(
      'at Share Summit',
    )
    expect(within(recentCard()).queryByText('at Share Summit')).not.toBeInTheDocument()
  })

  it("leaves 'Shared with you' out when nobody sent their details", async () => {
    signedInHome({ recent: [makeConnection()] })
    await screen.findByRole('heading', { name: 'Recent Connections' })
    await waitFor(() => expect(within(recentCard()).getAllByRole('button')).not.toHaveLength(0))
    expect(screen.queryByRole('heading', { name: 'Shared with you' })).not.toBeInTheDocument()
  })
})

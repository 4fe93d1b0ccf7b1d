import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, never, TrpcMockError, trpcCallsTo } from '../../../test/trpc-msw.ts'

const FIRST = {
  url: 'https://app.example/api/calendar/first-token-of-43-characters-xxxxxxxxxxx.ics',
  webcalUrl: 'webcal://app.example/api/calendar/first-token-of-43-characters-xxxxxxxxxxx.ics',
}
const SECOND = {
  url: 'https://app.example/api/calendar/second-token-of-43-characters-xxxxxxxxxx.ics',
  webcalUrl: 'webcal://app.example/api/calendar/second-token-of-43-characters-xxxxxxxxxx.ics',
}

// Load the lazy screen once up front: its first transform is slow on a busy machine.
beforeAll(() => import('../profile.lazy.tsx'), 60_000)

/** The Profile screen with a feed that exists or not; create answers each link in turn. */
function renderProfile({ hasFeed }: { hasFeed: boolean }) {
  let state = hasFeed
  const created = [FIRST, SECOND]
  mockTrpc({
    'auth.me': () => makeUser({ firstName: 'Ada', lastName: 'Lovelace' }),
    'calendarFeed.status': () => ({ hasFeed: state }),
    'calendarFeed.create': () => {
      state = true
      return created.shift()
    },
    'calendarFeed.revoke': () => {
      state = false
      return { ok: true }
    },
  })
  return renderApp('/profile')
}

const section = async () => within(await screen.findByRole('region', { name: 'Calendar feed' }))

describe('the calendar feed on Profile', () => {
  it('creates a link and shows it once, with copy and Open in calendar', async () => {
    const { user } = renderProfile({ hasFeed: false })
    const feed = await section()
    expect(feed.getByText(/showing each open follow-up as an all-day event/)).toBeVisible()
    await user.click(await feed.findByRole('button', { name: 'Create calendar link' }))

    expect(await findToast('Calendar Link Created')).toHaveTextContent(
      'Copy it now: it will not be shown again.',
    )
    expect(trpcCallsTo('calendarFeed.create')).toHaveLength(1)
    expect(feed.getByText('Copy this link now')).toBeVisible()
    expect(feed.getByRole('textbox', { name: 'Calendar feed link' })).toHaveValue(FIRST.url)
    expect(feed.getByRole('link', { name: 'Open in calendar' })).toHaveAttribute(
      'href',
      FIRST.webcalUrl,
    )
    await user.click(feed.getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(FIRST.url)
    expect(await feed.findByRole('button', { name: 'Link copied' })).toBeVisible()
  })

  it('says a feed is on without its link, and replaces the link only once confirmed', async () => {
    const { user } = renderProfile({ hasFeed: true })
    const feed = await section()
    expect(await feed.findByText(/Your calendar feed is on/)).toBeVisible()
    expect(feed.queryByRole('textbox', { name: 'Calendar feed link' })).not.toBeInTheDocument()

    await user.click(feed.getByRole('button', { name: 'Create a new link' }))
    const confirm = await screen.findByRole('dialog', { name: 'Create a new link?' })
    expect(confirm).toHaveTextContent('The current link stops working')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trpcCallsTo('calendarFeed.create')).toHaveLength(0)

    await user.click(feed.getByRole('button', { name: 'Create a new link' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Create a new link?' })).getByRole(
        'button',
        { name: 'Replace link' },
      ),
    )
    expect(await feed.findByRole('textbox', { name: 'Calendar feed link' })).toHaveValue(FIRST.url)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('turns the feed off once confirmed, and offers a new link again', async () => {
    const { user } = renderProfile({ hasFeed: true })
    const feed = await section()
    await user.click(await feed.findByRole('button', { name: 'Turn off' }))
    const confirm = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' })
    expect(confirm).toHaveTextContent('The link stops working')
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }))

    expect(await findToast('Calendar Feed Turned Off')).toBeVisible()
    expect(trpcCallsTo('calendarFeed.revoke')).toHaveLength(1)
    expect(await feed.findByRole('button', { name: 'Create calendar link' })).toBeVisible()
    expect(feed.queryByText(/Your calendar feed is on/)).not.toBeInTheDocument()
  })

  it('is usable from the keyboard alone', async () => {
    const { user } = renderProfile({ hasFeed: false })
    const feed = await section()
    const create = await feed.findByRole('button', { name: 'Create calendar link' })
    create.focus()
    await user.keyboard('{Enter}')
    await feed.findByRole('textbox', { name: 'Calendar feed link' })

    feed.getByRole('button', { name: 'Create a new link' }).focus()
    await user.keyboard('{Enter}')
    const confirm = await screen.findByRole('dialog', { name: 'Create a new link?' })
    // Cancel has the focus, so Enter alone never replaces the link.
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    )
    await user.tab()
    await user.keyboard('{Enter}')
    expect(await feed.findByRole('textbox', { name: 'Calendar feed link' })).toHaveValue(SECOND.url)
  })

  it('shows Creating... while the link is being made', async () => {
    const { user } = renderProfile({ hasFeed: false })
    mockTrpc({ 'calendarFeed.create': never })
    await user.click(await (await section()).findByRole('button', { name: 'Create calendar link' }))
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled()
  })

  it("shows the server's message when creating fails", async () => {
    const { user } = renderProfile({ hasFeed: false })
    mockTrpc({
      'calendarFeed.create': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side.')
      },
    })
    await user.click(await (await section()).findByRole('button', { name: 'Create calendar link' }))
    expect(await findToast('Calendar Link Failed')).toHaveTextContent(
      'Something went wrong on our side.',
    )
    expect(screen.queryByRole('textbox', { name: 'Calendar feed link' })).not.toBeInTheDocument()
  })
})

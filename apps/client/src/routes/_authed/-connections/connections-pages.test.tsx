import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeConnection, makePerson, makeUser } from '../../../test/factories.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { SeeingEverything } from '../../../test/seeing-everything.ts'
import { mockTrpc, trpcCallsTo } from '../../../test/trpc-msw.ts'

const personal = (firstName: string) =>
  makeConnection({ person: makePerson({ firstName, lastName: 'Paged' }) })

beforeEach(() => vi.stubGlobal('IntersectionObserver', SeeingEverything))
afterEach(() => vi.unstubAllGlobals())

describe('the connections list, a page at a time', { timeout: 20_000 }, () => {
  it('asks for the next page when the end of the list is in sight, saying so while it loads', async () => {
    let releaseSecondPage = () => {}
    const secondPage = new Promise<void>((release) => (releaseSecondPage = release))
    mockTrpc({
      'auth.me': () => makeUser(),
      'events.list': () => [],
      'connections.list': async (input) => {
        if (!(input as { cursor?: string }).cursor) {
          return { items: [personal('First')], nextCursor: 'page-2' }
        }
        await secondPage
        return { items: [personal('Second')], nextCursor: null }
      },
    })
    renderApp('/connections')

    expect(await screen.findByRole('button', { name: /First Paged/ })).toBeVisible()
    const loading = await screen.findByText('Loading more…')
    expect(loading.closest('[role="status"]')).toBeVisible()
    releaseSecondPage()
    expect(await screen.findByRole('button', { name: /Second Paged/ })).toBeVisible()
    expect(screen.getByRole('button', { name: /First Paged/ })).toBeVisible()
    expect(screen.queryByText('Loading more…')).not.toBeInTheDocument()
    // The last page says there is no more: nothing else is asked for.
    expect(trpcCallsTo('connections.list')).toHaveLength(2)
  })
})

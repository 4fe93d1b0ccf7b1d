import type { User } from '@fiveconnect/api/schemas'
import { createMemoryHistory } from '@tanstack/react-router'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, vi } from 'vitest'
import { App } from '../app/app.tsx'
import { createApp } from '../app/create-app.ts'
import { WELCOME_STORAGE_KEY } from '../routes/-landing/welcome-trigger.tsx'

/**
 * Renders the whole app (router, tRPC, query cache) at a path, with the network mocked by msw.
 * `savedUser`: the signed-in user is in the cache before the first render, as when restored from
 * the device.
 */
export function renderApp(
  path = '/',
  { showWelcome = false, savedUser }: { showWelcome?: boolean; savedUser?: User } = {},
) {
  if (!showWelcome) localStorage.setItem(WELCOME_STORAGE_KEY, 'true')
  const hardRedirect = vi.fn<(href: string) => void>()
  const app = createApp({ history: createMemoryHistory({ initialEntries: [path] }), hardRedirect })
  if (savedUser) app.trpcUtils.auth.me.setData(undefined, savedUser)
  const user = userEvent.setup()
  render(<App app={app} env="test" />)
  const currentPath = () => app.router.state.location.pathname
  return { app, user, hardRedirect, currentPath }
}

/** Waits for the toast with this title and returns its element. */
export async function findToast(title: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' })
  await waitFor(() => expect(region).toHaveTextContent(title))
  return region
}

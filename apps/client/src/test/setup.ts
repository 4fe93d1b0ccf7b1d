import { format } from 'node:util'
import '@testing-library/jest-dom/vitest'
// IndexedDB, where the outbox and the saved query cache live; jsdom has none.
import 'fake-indexeddb/auto'
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest'
import { resetTrpcMocks, trpcHandler } from './trpc-msw.ts'
import { setupServer } from 'msw/node'

// Whole-app renders are slow on a loaded 2-core machine; findBy* waits up to 10 s.
configure({ asyncUtilTimeout: 10_000 })

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
})
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.HTMLElement.prototype.scrollIntoView = () => {}
window.scrollTo = () => {}

export const server = setupServer(trpcHandler)

// React 19.3's development check for a conditional use() (react PR 37104) fires inside
// @tanstack/react-router's lazyRouteComponent when a test navigates to a lazy route: the router's
// code, not ours, and harmless in production builds.
const KNOWN_LIBRARY_ERRORS = [/This library called use\(\) to suspend/]

// Any other console.error (a React warning about markup or keys, an unhandled rejection logged by a
// library) fails the test that caused it.
let consoleError: MockInstance<typeof console.error>
let unexpectedErrors: string[] = []
beforeEach(() => {
  unexpectedErrors = []
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = format(...args)
    if (!KNOWN_LIBRARY_ERRORS.some((known) => known.test(text))) unexpectedErrors.push(text)
  })
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  cleanNotifications()
  cleanNotificationsQueue()
  resetTrpcMocks()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  consoleError.mockRestore()
  if (unexpectedErrors.length > 0)
    throw new Error(`Unexpected console.error:\n${unexpectedErrors.join('\n')}`)
})
afterAll(() => server.close())

import '@testing-library/jest-dom/vitest'
// IndexedDB, where the outbox and the saved query cache live; jsdom has none.
import 'fake-indexeddb/auto'
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
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

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  cleanNotifications()
  cleanNotificationsQueue()
  resetTrpcMocks()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
})
afterAll(() => server.close())

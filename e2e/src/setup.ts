import { afterEach, expect } from 'vitest'
import { takeConsoleErrors } from './console-check.ts'

// Every journey fails on a console error or a CSP violation in any page it opened (see
// ALLOWED_CONSOLE_ERRORS for the exceptions and their reasons).
afterEach(() => {
  expect(takeConsoleErrors(), 'errors in the browser console').toEqual([])
})

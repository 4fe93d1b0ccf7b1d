import { describe, expect, it } from 'vitest'
import { formatDate, formatTime } from './format.ts'

const intlDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})
const intlTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' })

describe('formatDate and formatTime', () => {
  it('write every month as en-GB does', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, month + 1, 8, 5)
      expect(formatDate(date)).toBe(intlDate.format(date))
    }
  })

  it('write times as en-GB does, on the 24-hour clock', () => {
    for (const [hours, minutes] of [
      [0, 0],
      [9, 5],
      [12, 30],
      [23, 59],
    ] as const) {
      const date = new Date(2026, 10, 23, hours, minutes)
      expect(formatTime(date)).toBe(intlTime.format(date))
    }
  })
})

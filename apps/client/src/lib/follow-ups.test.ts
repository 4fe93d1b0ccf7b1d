import { describe, expect, it } from 'vitest'
import { followUpLabel, localDay } from './follow-ups.ts'

const today = '2026-03-10'

describe('follow-ups', () => {
  it('label each by how far away it is', () => {
    expect(followUpLabel('2026-03-09', today)).toBe('Overdue by 1 day')
    expect(followUpLabel('2026-02-28', today)).toBe('Overdue by 10 days')
    expect(followUpLabel(today, today)).toBe('Due today')
    expect(followUpLabel('2026-03-11', today)).toBe('Due tomorrow')
    // Across the spring clock change in Europe and the US, still whole days.
    expect(followUpLabel('2026-04-01', today)).toBe('Due in 22 days')
  })

  it('take the local calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})

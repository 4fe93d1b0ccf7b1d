import { describe, expect, it } from 'vitest'
import { makeConnection } from '../test/factories.ts'
import { dueFollowUps, followUpLabel, localDay } from './follow-ups.ts'

const today = '2026-03-10'

describe('follow-ups', () => {
  it('lists open ones that are overdue or due within 14 days, earliest first', () => {
    const at = (followUpOn: string | null, extra = {}) => makeConnection({ followUpOn, ...extra })
    const soon = at('2026-03-12')
    const overdue = at('2026-02-01')
    const todayFirst = at(today, { createdAt: new Date('2025-01-01T00:00:00Z') })
    const todaySecond = at(today, { createdAt: new Date('2025-02-01T00:00:00Z') })
    const edge = at('2026-03-24')
    const connections = [
      soon,
      at(null),
      at('2026-03-25'),
      todaySecond,
      at('2026-01-01', { followUpDone: true }),
      overdue,
      edge,
      todayFirst,
    ]
    expect(dueFollowUps(connections, today)).toEqual([overdue, todayFirst, todaySecond, soon, edge])
  })

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

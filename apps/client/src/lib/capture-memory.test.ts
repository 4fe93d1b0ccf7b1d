import { describe, expect, it } from 'vitest'
import { makeEventListItem } from '../test/factories.ts'
import { RECENT_EVENT_MS, suggestedEventId } from './capture-memory.ts'

const now = new Date(2026, 10, 25, 15, 0)
const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0)

describe('the event Add Connection preselects', () => {
  it('is a joined event on the phone’s day, or one that spans it, the nearest start first', () => {
    const lunch = makeEventListItem({ isJoined: true, startDateTime: at(25, 13) })
    const evening = makeEventListItem({ isJoined: true, startDateTime: at(25, 18) })
    const night = makeEventListItem({ isJoined: true, startDateTime: at(25, 20) })
    const threeDays = makeEventListItem({
      isJoined: true,
      startDateTime: at(24, 9),
      endDateTime: at(26, 17),
    })
    expect(suggestedEventId([evening, lunch, night], null, now)).toBe(lunch.id)
    expect(suggestedEventId([threeDays], null, now)).toBe(threeDays.id)
    const notJoined = makeEventListItem({ isJoined: false, startDateTime: at(25, 15) })
    const yesterday = makeEventListItem({ isJoined: true, startDateTime: at(24, 15) })
    expect(suggestedEventId([notJoined, yesterday], null, now)).toBeNull()
  })

  it('else the last one used, within 12 hours, if it can still be picked', () => {
    const past = makeEventListItem({ isJoined: true, startDateTime: at(20, 9) })
    const left = makeEventListItem({ isJoined: false, startDateTime: at(20, 9) })
    const memory = (id: string, ago: number) => ({
      userId: 'me',
      event: { id, usedAt: now.getTime() - ago },
      connectionTypes: [],
    })
    expect(suggestedEventId([past], memory(past.id, RECENT_EVENT_MS), now)).toBe(past.id)
    expect(suggestedEventId([past], memory(past.id, RECENT_EVENT_MS + 1), now)).toBeNull()
    expect(suggestedEventId([left], memory(left.id, 1000), now)).toBeNull()
  })
})

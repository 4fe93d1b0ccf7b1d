import { describe, expect, it } from 'vitest'
import { createConnectionInput, updateConnectionInput } from './connection.schema.ts'

const id = '6f1b3c1e-8f5a-4c1a-9b1a-1a2b3c4d5e6f'

describe('connection schemas', () => {
  it('leave the fields an update does not send out, so they keep their values', () => {
    expect(updateConnectionInput.parse({ id, notes: 'Call back' })).toEqual({
      id,
      notes: 'Call back',
    })
  })

  it('start a new connection with no types and no photos', () => {
    expect(createConnectionInput.parse({ personId: id })).toMatchObject({
      connectionTypes: [],
      photos: [],
      eventId: null,
    })
  })

  it.each([
    [['SA', 'XX'], 'Connection types must be SA, JV, MA, IC or RF'],
    [['SA', 'SA'], 'Each connection type can be chosen once'],
    ['SA', 'Connection types must be a list'],
  ])('refuse connection types %j', (connectionTypes, message) => {
    const result = updateConnectionInput.safeParse({ id, connectionTypes })
    expect(result.error?.issues[0]?.message).toBe(message)
  })
})

describe('follow-up fields', () => {
  it('start a new connection with no follow-up, not done', () => {
    expect(createConnectionInput.parse({ personId: id })).toMatchObject({
      followUpOn: null,
      followUpDone: false,
    })
  })

  it('take a calendar day, and blank as none', () => {
    expect(updateConnectionInput.parse({ id, followUpOn: '2026-02-28' }).followUpOn).toBe(
      '2026-02-28',
    )
    expect(updateConnectionInput.parse({ id, followUpOn: '' }).followUpOn).toBeNull()
  })

  it.each([
    [{ followUpOn: '2026-02-30' }, 'Follow-up date must be a date (YYYY-MM-DD)'],
    [{ followUpOn: '28/02/2026' }, 'Follow-up date must be a date (YYYY-MM-DD)'],
    [{ followUpOn: 20260228 }, 'Follow-up date must be a date (YYYY-MM-DD)'],
    [{ followUpDone: 'yes' }, 'Follow-up done must be true or false'],
  ])('refuse %j', (change, message) => {
    const result = updateConnectionInput.safeParse({ id, ...change })
    expect(result.error?.issues[0]?.message).toBe(message)
  })
})

describe('voice note recording time', () => {
  it('takes an ISO instant (REST) or a Date (tRPC), and blank or nothing as unknown', () => {
    expect(
      updateConnectionInput.parse({ id, voiceNoteRecordedAt: '2026-11-25T21:30:00+13:00' })
        .voiceNoteRecordedAt,
    ).toEqual(new Date('2026-11-25T08:30:00Z'))
    const at = new Date('2026-11-25T08:30:00Z')
    expect(
      updateConnectionInput.parse({ id, voiceNoteRecordedAt: at }).voiceNoteRecordedAt,
    ).toEqual(at)
    expect(
      updateConnectionInput.parse({ id, voiceNoteRecordedAt: '' }).voiceNoteRecordedAt,
    ).toBeNull()
    expect(createConnectionInput.parse({ personId: id }).voiceNoteRecordedAt).toBeNull()
    expect(updateConnectionInput.parse({ id })).not.toHaveProperty('voiceNoteRecordedAt')
  })

  it.each(['2026-11-25', 'yesterday', 1764000000000, new Date('nonsense')])(
    'refuses %j',
    (value) => {
      const result = updateConnectionInput.safeParse({ id, voiceNoteRecordedAt: value })
      expect(result.error?.issues[0]?.message).toBe('Recording time must be a date and time')
    },
  )
})

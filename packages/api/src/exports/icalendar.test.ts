import { describe, expect, it } from 'vitest'
import { toICalendar, type DayEvent } from './icalendar.ts'

const event: DayEvent = {
  uid: 'follow-up-1@fiveconnect',
  day: '2025-12-31',
  summary: 'Follow up with Grace Hopper',
  description: 'Met at Ideas Fest\nFocus: compilers, COBOL; ships\\boats',
  url: 'https://app.example/connections?q=Grace%20Hopper',
  generatedAt: new Date('2025-11-23T01:45:07.123Z'),
}

describe('toICalendar', () => {
  it('writes one all-day event with a reminder, CRLF line ends and escaped text', () => {
    expect(toICalendar([event])).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//FiveConnect//Follow-ups//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:follow-up-1@fiveconnect',
        'DTSTAMP:20251123T014507Z',
        'DTSTART;VALUE=DATE:20251231',
        // All-day events end on the next day (exclusive), across the year's end too.
        'DTEND;VALUE=DATE:20260101',
        'SUMMARY:Follow up with Grace Hopper',
        'DESCRIPTION:Met at Ideas Fest\\nFocus: compilers\\, COBOL\\; ships\\\\boats',
        'URL:https://app.example/connections?q=Grace%20Hopper',
        'TRANSP:TRANSPARENT',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Follow up with Grace Hopper',
        'TRIGGER:PT9H',
        'END:VALARM',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    )
  })

  it('folds lines over 75 octets without splitting a character, and leaves out no description', () => {
    const text = toICalendar([
      { ...event, summary: `Follow up with ${'Zoë '.repeat(30)}`, description: null },
    ])
    const lines = text.split('\r\n')
    expect(lines.every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true)
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/)
    expect(text).not.toContain('\uFFFD')
    const unfolded = text.replaceAll('\r\n ', '')
    expect(unfolded).toContain(`SUMMARY:Follow up with ${'Zoë '.repeat(30)}`)
    expect(unfolded).not.toContain('DESCRIPTION:Met')
  })

  it('keeps CR, LF and CRLF line breaks in the description as line breaks', () => {
    const text = toICalendar([{ ...event, description: 'Met at Ideas Fest\rFocus\nAI\r\nCall' }])
    expect(text).toContain('DESCRIPTION:Met at Ideas Fest\\nFocus\\nAI\\nCall\r\n')
  })

  it('handles leap days', () => {
    expect(toICalendar([{ ...event, day: '2028-02-28' }])).toContain('DTEND;VALUE=DATE:20280229')
  })

  it('writes a feed: its name and refresh interval, then every event; none is still a calendar', () => {
    const feed = { name: 'FiveConnect follow-ups, Ada', refreshInterval: 'PT1H' }
    const text = toICalendar([event, { ...event, uid: 'follow-up-2@fiveconnect' }], feed)
    const lines = text.split('\r\n')
    expect(lines.slice(0, 9)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//FiveConnect//Follow-ups//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'NAME:FiveConnect follow-ups\\, Ada',
      'X-WR-CALNAME:FiveConnect follow-ups\\, Ada',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ])
    expect(lines.filter((line) => line.startsWith('UID:'))).toEqual([
      'UID:follow-up-1@fiveconnect',
      'UID:follow-up-2@fiveconnect',
    ])
    expect(toICalendar([], feed).split('\r\n').slice(-3)).toEqual([
      'X-PUBLISHED-TTL:PT1H',
      'END:VCALENDAR',
      '',
    ])
  })
})

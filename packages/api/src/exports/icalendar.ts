import { escape, fold } from './content-lines.ts'

/** An all-day reminder on one calendar day. */
export type DayEvent = {
  /** Stable, so importing the event again updates it instead of adding a copy. */
  uid: string
  /** YYYY-MM-DD */
  day: string
  summary: string
  description: string | null
  url: string
  generatedAt: Date
}

const basicDate = (day: string) => day.replaceAll('-', '')

function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/** 2025-11-23T01:45:00.000Z -> 20251123T014500Z */
const utcDateTime = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, '')

/** What makes a calendar a feed that calendar apps subscribe to and fetch again. */
export type FeedDetails = {
  /** The name the subscribing calendar app shows. */
  name: string
  /** How often to fetch the feed again, as an RFC 5545 duration such as PT1H. */
  refreshInterval: string
}

function eventLines(event: DayEvent): (string | null)[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escape(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.generatedAt)}`,
    `DTSTART;VALUE=DATE:${basicDate(event.day)}`,
    `DTEND;VALUE=DATE:${basicDate(dayAfter(event.day))}`,
    `SUMMARY:${escape(event.summary)}`,
    event.description && `DESCRIPTION:${escape(event.description)}`,
    `URL:${event.url}`,
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escape(event.summary)}`,
    'TRIGGER:PT9H',
    'END:VALARM',
    'END:VEVENT',
  ]
}

/**
 * An iCalendar (RFC 5545) file of all-day events, each with a reminder at 9:00 that day; with
 * `feed`, named and with a refresh interval (RFC 7986, and the X- names older apps read).
 */
export function toICalendar(events: readonly DayEvent[], feed?: FeedDetails): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FiveConnect//Follow-ups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(feed
      ? [
          `NAME:${escape(feed.name)}`,
          `X-WR-CALNAME:${escape(feed.name)}`,
          `REFRESH-INTERVAL;VALUE=DURATION:${feed.refreshInterval}`,
          `X-PUBLISHED-TTL:${feed.refreshInterval}`,
        ]
      : []),
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ]
  return `${lines
    .filter((line): line is string => Boolean(line))
    .map(fold)
    .join('\r\n')}\r\n`
}

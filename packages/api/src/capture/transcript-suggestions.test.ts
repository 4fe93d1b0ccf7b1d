import { describe, expect, test } from 'vitest'
import {
  suggestContactDetails,
  suggestFollowUps,
  transcriptSuggestions,
} from './transcript-suggestions.ts'

/** Wednesday 25 November 2026, 10:00 in London (UTC+0). */
const LONDON = { recordedAt: new Date('2026-11-25T10:00:00Z'), timeZone: 'Europe/London' }
/** Thursday 26 November 09:30 in Auckland, while it is still Wednesday 25th in UTC. */
const AUCKLAND = { recordedAt: new Date('2026-11-25T20:30:00Z'), timeZone: 'Pacific/Auckland' }
/** Wednesday 25 November 19:00 in Los Angeles, already Thursday 26th in UTC. */
const LOS_ANGELES = {
  recordedAt: new Date('2026-11-26T03:00:00Z'),
  timeZone: 'America/Los_Angeles',
}
/** New Year's Eve, 18:30 in New York (already 2027 in UTC). */
const NEW_YORK_NYE = { recordedAt: new Date('2026-12-31T23:30:00Z'), timeZone: 'America/New_York' }
/** New Year's Day, 01:00 in Tokyo (still 2026 in UTC). */
const TOKYO_NEW_YEAR = { recordedAt: new Date('2026-12-31T16:00:00Z'), timeZone: 'Asia/Tokyo' }
/** Saturday 31 January 2026, 16:00 in Berlin: a month's last day. */
const BERLIN_MONTH_END = { recordedAt: new Date('2026-01-31T15:00:00Z'), timeZone: 'Europe/Berlin' }
/** Monday 28 February 2028, a leap year. */
const LEAP = { recordedAt: new Date('2028-02-28T12:00:00Z'), timeZone: 'UTC' }

const followUpDays = (transcript: string, context: typeof LONDON) =>
  suggestFollowUps(transcript, context).map((suggestion) => suggestion.value)

describe('follow-up days, counted from the recording in the user time zone', () => {
  test.each([
    ['Follow up next Tuesday', LONDON, '2026-12-01'],
    ["let's talk again in two weeks", LONDON, '2026-12-09'],
    ['send her the deck by the end of the month', LONDON, '2026-11-30'],
    ['call her tomorrow', LONDON, '2026-11-26'],
    ['meet again on the 3rd of December', LONDON, '2026-12-03'],
    ['ping him on Friday', LONDON, '2026-11-27'],
    ['follow up in 3 days', LONDON, '2026-11-28'],
    ['the day after tomorrow works for her', LONDON, '2026-11-27'],
    ['wants the numbers by the end of the week', LONDON, '2026-11-27'],
    ['catch up at the end of next week', LONDON, '2026-12-04'],
    ['get back to him in a fortnight', LONDON, '2026-12-09'],
    ['lunch on the twenty first', LONDON, '2026-12-21'],
    ['on the third', LONDON, '2026-12-03'],
    ['on the 25th', LONDON, '2026-12-25'],
    ['follow up next month', LONDON, '2026-12-25'],
    ['a week from today', LONDON, '2026-12-02'],
    ['two weeks from now', LONDON, '2026-12-09'],
    ['december third', LONDON, '2026-12-03'],
    ['on January 5th', LONDON, '2027-01-05'],
    ['before the end of the year', LONDON, '2026-12-31'],
    ['in ten days', LONDON, '2026-12-05'],
    ['next Wednesday', LONDON, '2026-12-02'],
    ['this Friday', LONDON, '2026-11-27'],
    ['demo on Monday', LONDON, '2026-11-30'],
    ['next Thursday at 3pm', LONDON, '2026-12-03'],
    ['tomorrow', AUCKLAND, '2026-11-27'],
    ['next Tuesday', AUCKLAND, '2026-12-01'],
    ['on Friday', AUCKLAND, '2026-11-27'],
    ['tomorrow', LOS_ANGELES, '2026-11-26'],
    ['in two weeks', LOS_ANGELES, '2026-12-09'],
    ['tomorrow', NEW_YORK_NYE, '2027-01-01'],
    ['next week', NEW_YORK_NYE, '2027-01-07'],
    ['tomorrow', TOKYO_NEW_YEAR, '2027-01-02'],
    ['end of the month', TOKYO_NEW_YEAR, '2027-01-31'],
    ['tomorrow', BERLIN_MONTH_END, '2026-02-01'],
    ['by the end of next month', BERLIN_MONTH_END, '2026-02-28'],
    ['end of the week', BERLIN_MONTH_END, '2026-02-06'],
    ['tomorrow', LEAP, '2028-02-29'],
    ['on the 30th', LEAP, '2028-03-30'],
  ])('%s (%#)', (transcript, context, day) => {
    expect(followUpDays(transcript, context)).toEqual([day])
  })

  test.each([
    ['we met last Tuesday', LONDON],
    ['she said it three days ago', LONDON],
    ['see you at 9am', LONDON],
    ['we met at 5 pm today', LONDON],
    ['met her yesterday at the booth', LONDON],
    ['end of the month', NEW_YORK_NYE],
    ['works on payments at Acme', LONDON],
  ])('proposes nothing for %j (past, today, or no day at all)', (transcript, context) => {
    expect(followUpDays(transcript, context)).toEqual([])
  })

  test('offers each day said, in the order said, once', () => {
    expect(
      followUpDays('call her tomorrow, and if not then next Friday; tomorrow is best', LONDON),
    ).toEqual(['2026-11-26', '2026-12-04'])
  })

  test('labels name the weekday and the day, and the year only when it differs', () => {
    expect(suggestFollowUps('next Tuesday', LONDON)).toEqual([
      { field: 'followUpOn', value: '2026-12-01', label: 'Follow up Tue 1 Dec' },
    ])
    expect(suggestFollowUps('tomorrow', NEW_YORK_NYE)[0]?.label).toBe('Follow up Fri 1 Jan 2027')
    expect(suggestFollowUps('on the 3rd of September', LONDON)[0]?.label).toBe(
      'Follow up Fri 3 Sept 2027',
    )
  })

  test('an unknown time zone counts in UTC, and an unknown region is no region', () => {
    expect(suggestContactDetails('call 415 555 2671', { defaultCountry: 'XX' })).toEqual([])
    expect(suggestContactDetails('call +1 415 555 2671', { defaultCountry: 'XX' })).toHaveLength(1)
    expect(
      followUpDays('tomorrow', { recordedAt: LOS_ANGELES.recordedAt, timeZone: 'Mars/Olympus' }),
    ).toEqual(['2026-11-27'])
  })
})

const details = (transcript: string, defaultCountry?: 'US' | 'GB') =>
  Object.fromEntries(
    suggestContactDetails(transcript, { defaultCountry }).map((s) => [s.field, s.value]),
  )

describe('contact details said in the note', () => {
  test.each([
    ['her email is jane at acme dot com', { email: 'jane@acme.com' }],
    ['jane dot doe at acme dot co dot uk', { email: 'jane.doe@acme.co.uk' }],
    ['write to bob underscore smith at acme dot io', { email: 'bob_smith@acme.io' }],
    ['bob at f double o dot io', { email: 'bob@foo.io' }],
    ['spelled j a n e at acme dot com', { email: 'jane@acme.com' }],
    ['email: Jane.Doe@Acme.com', { email: 'jane.doe@acme.com' }],
  ])('email from %j', (transcript, expected) => {
    expect(details(transcript)).toEqual(expected)
  })

  test.each([
    ['call me at four one five five five five two six seven one', 'US', '+1 415 555 2671'],
    ['her number is (415) 555-2671', 'US', '+1 415 555 2671'],
    ['plus four four seven nine one one one two three four five six', 'US', '+44 7911 123456'],
    ['plus four four seven nine double one one two three four five six', 'US', '+44 7911 123456'],
    ['mobile oh seven nine one one one two three four five six', 'GB', '+44 7911 123456'],
    ['ring 020 7946 0958 after lunch', 'GB', '+44 20 7946 0958'],
  ] as const)('mobile from %j (%s)', (transcript, country, mobile) => {
    expect(details(transcript, country)).toEqual({ mobile })
  })

  test.each([
    ['She works at Acme Corp on payments.', { company: 'Acme Corp' }],
    ['he works for the guardian in london', { company: 'Guardian' }],
    ['He is the CTO at Globex and loves sailing', { company: 'Globex', title: 'CTO' }],
    ['her company is called bright labs and they hire', { company: 'Bright Labs' }],
    ['works at acme dot io', { company: 'Acme', website: 'acme.io' }],
    ['the website is www dot acme dot com', { website: 'www.acme.com' }],
    ['pricing is on acme.io/pricing, have a look', { website: 'acme.io/pricing' }],
    ['https://widgetworks.dev is their site', { website: 'widgetworks.dev' }],
  ])('company and website from %j', (transcript, expected) => {
    expect(details(transcript)).toEqual(expected)
  })

  test.each([
    'met him at the conference, e.g. at the keynote',
    'she works at home on fridays',
    'follow up next Tuesday about the 3 projects',
    'we talked for 20 minutes at 4 pm',
  ])('finds nothing in %j', (transcript) => {
    expect(details(transcript, 'US')).toEqual({})
  })

  test('an AssemblyAI-style transcript gives every detail with its label', () => {
    expect(
      transcriptSuggestions(
        'Met Jane from the payments team. She works at Acme Corp. Her email is jane.doe@acme.com and her number is 415-555-2671. Follow up next Tuesday.',
        { ...LONDON, defaultCountry: 'US' },
      ),
    ).toEqual([
      { field: 'followUpOn', value: '2026-12-01', label: 'Follow up Tue 1 Dec' },
      { field: 'email', value: 'jane.doe@acme.com', label: 'Use email jane.doe@acme.com' },
      { field: 'mobile', value: '+1 415 555 2671', label: 'Use mobile +1 415 555 2671' },
      { field: 'company', value: 'Acme Corp', label: 'Use company Acme Corp' },
    ])
  })

  test('an offline-engine transcript (lower case, words for digits) gives the same kinds', () => {
    expect(
      transcriptSuggestions(
        'she works at acme dot io email jane at acme dot io number four one five five five five two six seven one follow up in two weeks',
        { ...LONDON, defaultCountry: 'US' },
      ).map((suggestion) => suggestion.label),
    ).toEqual([
      'Follow up Wed 9 Dec',
      'Use email jane@acme.io',
      'Use mobile +1 415 555 2671',
      'Use company Acme',
      'Use website acme.io',
    ])
  })
})

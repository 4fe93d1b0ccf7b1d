import type { SuggestionField } from './transcript-suggestions.ts'

/**
 * Voice notes said the way people talk at a venue, each with what it should suggest and nothing
 * else. Written for issue 31 from the classes of what people say, not from the parser's own
 * examples. Dates are checked from the recording they name; a note without a date is read at
 * every recording, and must give the same details and no follow-up at any of them.
 */
export const RECORDINGS = {
  /** Sunday 25 October 2026, 09:00 in London: the morning the clocks went back. */
  londonDstEnd: { recordedAt: new Date('2026-10-25T09:00:00Z'), timeZone: 'Europe/London' },
  /** Saturday 31 October 2026, 23:30 in New York (1 November in UTC): month end, before DST ends. */
  newYorkMonthEnd: {
    recordedAt: new Date('2026-11-01T03:30:00Z'),
    timeZone: 'America/New_York',
  },
  /** Thursday 30 April 2026, 10:00 in Auckland (29 April in UTC): month end. */
  aucklandMonthEnd: {
    recordedAt: new Date('2026-04-29T22:00:00Z'),
    timeZone: 'Pacific/Auckland',
  },
  /** Friday 6 March 2026, 10:00 in Los Angeles: two days before DST starts. */
  losAngelesFriday: {
    recordedAt: new Date('2026-03-06T18:00:00Z'),
    timeZone: 'America/Los_Angeles',
  },
} as const

export type Recording = keyof typeof RECORDINGS

export type PhrasingClass =
  | 'future date'
  | 'vague date'
  | 'past reference'
  | 'phone in digits'
  | 'phone in words'
  | 'spoken email'
  | 'website'
  | 'company and title'
  | 'job change'
  | 'names'
  | 'whole note'

export type Phrasing = {
  class: PhrasingClass
  text: string
  /** The recording a date is counted from; without one, the note is read at every recording. */
  recording?: Recording
  /** Where a number without +country is from (the browser's region). */
  country?: 'US' | 'GB'
  /** Every suggestion expected, by field; a field not named must not be suggested. */
  expected: Partial<Record<SuggestionField, string>>
}

export const PHRASINGS: Phrasing[] = [
  // Days ahead. Sunday 25 Oct: 'next week' is the week that starts tomorrow.
  {
    class: 'future date',
    recording: 'londonDstEnd',
    text: 'give her a ring tomorrow afternoon',
    expected: { followUpOn: '2026-10-26' },
  },
  {
    class: 'future date',
    recording: 'londonDstEnd',
    text: 'first thing next week send him the proposal',
    expected: { followUpOn: '2026-10-26' },
  },
  {
    class: 'future date',
    recording: 'londonDstEnd',
    text: "let's do a call a week from Monday",
    expected: { followUpOn: '2026-11-02' },
  },
  {
    class: 'future date',
    recording: 'londonDstEnd',
    text: 'she is free on Wednesday for a demo',
    expected: { followUpOn: '2026-10-28' },
  },
  {
    class: 'future date',
    recording: 'newYorkMonthEnd',
    text: 'call him tomorrow about the contract',
    expected: { followUpOn: '2026-11-01' },
  },
  {
    class: 'future date',
    recording: 'newYorkMonthEnd',
    text: 'send over the pricing next Friday',
    expected: { followUpOn: '2026-11-06' },
  },
  {
    class: 'future date',
    recording: 'newYorkMonthEnd',
    text: 'check back with her in two weeks',
    expected: { followUpOn: '2026-11-14' },
  },
  {
    class: 'future date',
    recording: 'newYorkMonthEnd',
    text: 'he wants to meet a week from Tuesday',
    expected: { followUpOn: '2026-11-10' },
  },
  {
    class: 'future date',
    recording: 'aucklandMonthEnd',
    text: 'first thing next week, send the deck',
    expected: { followUpOn: '2026-05-04' },
  },
  {
    class: 'future date',
    recording: 'aucklandMonthEnd',
    text: "we'll talk the week after next",
    expected: { followUpOn: '2026-05-14' },
  },
  {
    class: 'future date',
    recording: 'aucklandMonthEnd',
    text: 'coffee a week from Monday',
    expected: { followUpOn: '2026-05-11' },
  },
  {
    class: 'future date',
    recording: 'aucklandMonthEnd',
    text: 'remind me on the 15th to send the samples',
    expected: { followUpOn: '2026-05-15' },
  },
  {
    class: 'future date',
    recording: 'aucklandMonthEnd',
    text: 'ping her tomorrow morning',
    expected: { followUpOn: '2026-05-01' },
  },
  {
    class: 'future date',
    recording: 'losAngelesFriday',
    text: 'touch base the week after next',
    expected: { followUpOn: '2026-03-20' },
  },
  {
    class: 'future date',
    recording: 'losAngelesFriday',
    text: 'she asked me to call Monday morning',
    expected: { followUpOn: '2026-03-09' },
  },
  {
    class: 'future date',
    recording: 'losAngelesFriday',
    text: 'wants a quote by the end of next week',
    expected: { followUpOn: '2026-03-13' },
  },
  {
    class: 'future date',
    recording: 'losAngelesFriday',
    text: 'follow up in ten days or so',
    expected: { followUpOn: '2026-03-16' },
  },
  {
    class: 'future date',
    recording: 'losAngelesFriday',
    text: 'lunch on March 19th',
    expected: { followUpOn: '2026-03-19' },
  },

  // Vague days: early is the 5th, mid the 15th, late the 25th, the end of a month its last day.
  {
    class: 'vague date',
    recording: 'londonDstEnd',
    text: 'around mid April we should revisit',
    expected: { followUpOn: '2027-04-15' },
  },
  {
    class: 'vague date',
    recording: 'londonDstEnd',
    text: 'catch up early next month',
    expected: { followUpOn: '2026-11-05' },
  },
  {
    class: 'vague date',
    recording: 'londonDstEnd',
    text: 'their budget opens in late November',
    expected: { followUpOn: '2026-11-25' },
  },
  {
    class: 'vague date',
    recording: 'newYorkMonthEnd',
    text: 'early next month is good for her',
    expected: { followUpOn: '2026-11-05' },
  },
  {
    class: 'vague date',
    recording: 'newYorkMonthEnd',
    text: 'circle back mid-November',
    expected: { followUpOn: '2026-11-15' },
  },
  {
    class: 'vague date',
    recording: 'newYorkMonthEnd',
    text: 'decision by the end of next month',
    expected: { followUpOn: '2026-11-30' },
  },
  {
    class: 'vague date',
    recording: 'aucklandMonthEnd',
    text: 'around mid April next year they renew',
    expected: { followUpOn: '2027-04-15' },
  },
  {
    class: 'vague date',
    recording: 'aucklandMonthEnd',
    text: 'reach out in late June',
    expected: { followUpOn: '2026-06-25' },
  },
  {
    class: 'vague date',
    recording: 'aucklandMonthEnd',
    text: 'sometime early next month',
    expected: { followUpOn: '2026-05-05' },
  },
  {
    class: 'vague date',
    recording: 'losAngelesFriday',
    text: 'touch base early April',
    expected: { followUpOn: '2026-04-05' },
  },
  {
    class: 'vague date',
    recording: 'losAngelesFriday',
    text: 'before the end of March',
    expected: { followUpOn: '2026-03-31' },
  },
  {
    class: 'vague date',
    recording: 'losAngelesFriday',
    text: 'maybe grab coffee at some point',
    expected: {},
  },

  // The past is no follow-up, whatever weekday or date it names.
  {
    class: 'past reference',
    recording: 'londonDstEnd',
    text: 'we met at the booth on Tuesday',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'londonDstEnd',
    text: 'I bumped into her on Thursday at the expo',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'londonDstEnd',
    text: 'we had coffee on Monday and she liked the demo',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'newYorkMonthEnd',
    text: 'she presented on Friday morning',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'newYorkMonthEnd',
    text: 'we spoke on the 12th about the pilot',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'newYorkMonthEnd',
    text: 'met him at the mixer Wednesday night',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'aucklandMonthEnd',
    text: 'he was on the panel on Thursday',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'aucklandMonthEnd',
    text: 'the workshop on Monday was packed',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'aucklandMonthEnd',
    text: 'we first met back in January',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'losAngelesFriday',
    text: 'we chatted for ages on Wednesday',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'losAngelesFriday',
    text: 'saw her keynote on the 3rd',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'losAngelesFriday',
    text: 'she gave a talk on Tuesday, follow up next Friday',
    expected: { followUpOn: '2026-03-13' },
  },

  // Phone numbers.
  {
    class: 'phone in digits',
    country: 'US',
    text: 'mobile is 512-555-0198',
    expected: { mobile: '+1 512 555 0198' },
  },
  {
    class: 'phone in digits',
    country: 'GB',
    text: 'text her on 07911 123456',
    expected: { mobile: '+44 7911 123456' },
  },
  {
    class: 'phone in digits',
    country: 'GB',
    text: 'call the office on 020 7946 0321',
    expected: { mobile: '+44 20 7946 0321' },
  },
  {
    class: 'phone in digits',
    country: 'US',
    text: 'phone: (312) 555-0147',
    expected: { mobile: '+1 312 555 0147' },
  },
  {
    class: 'phone in digits',
    country: 'US',
    text: 'her UK cell is +44 7911 123456',
    expected: { mobile: '+44 7911 123456' },
  },
  {
    class: 'phone in words',
    country: 'US',
    text: 'her cell is five one two, five five five, zero one nine eight',
    expected: { mobile: '+1 512 555 0198' },
  },
  {
    class: 'phone in words',
    country: 'GB',
    text: 'call him on oh two oh, seven nine four six, oh nine five eight',
    expected: { mobile: '+44 20 7946 0958' },
  },
  {
    class: 'phone in words',
    country: 'US',
    text: 'the number is four one five, double five five, two six seven one',
    expected: { mobile: '+1 415 555 2671' },
  },
  {
    class: 'phone in words',
    country: 'US',
    text: 'six four six... five five five... zero one two three',
    expected: { mobile: '+1 646 555 0123' },
  },
  {
    class: 'phone in words',
    country: 'US',
    text: 'reach me at nine one seven five five five zero one four two',
    expected: { mobile: '+1 917 555 0142' },
  },
  {
    class: 'phone in words',
    country: 'US',
    text: 'plus four four, seven nine double one, one two three, four five six',
    expected: { mobile: '+44 7911 123456' },
  },
  {
    class: 'phone in words',
    country: 'US',
    text: 'her number is plus one, two one two, five five five, zero one seven six',
    expected: { mobile: '+1 212 555 0176' },
  },
  {
    class: 'phone in words',
    country: 'US',
    text: 'cell seven one eight, five five five, oh one nine nine',
    expected: { mobile: '+1 718 555 0199' },
  },

  // Emails said aloud.
  {
    class: 'spoken email',
    text: 'carlos at brightline solar dot com',
    expected: { email: 'carlos@brightlinesolar.com' },
  },
  {
    class: 'spoken email',
    text: 'email her at maria dot lopez at finch robotics dot io',
    expected: { email: 'maria.lopez@finchrobotics.io' },
  },
  {
    class: 'spoken email',
    text: "it's j dot park at northwind dot co dot uk",
    expected: { email: 'j.park@northwind.co.uk' },
  },
  {
    class: 'spoken email',
    text: 'sam underscore lee at gmail dot com',
    expected: { email: 'sam_lee@gmail.com' },
  },
  {
    class: 'spoken email',
    text: 'her email is lena at lumen dash health dot org',
    expected: { email: 'lena@lumen-health.org' },
  },
  {
    class: 'spoken email',
    text: 'Her email is tom.baker@harbour.io.',
    expected: { email: 'tom.baker@harbour.io' },
  },
  {
    class: 'spoken email',
    text: 'ken at kensho labs dot ai is the best way to reach him',
    expected: { email: 'ken@kensholabs.ai' },
  },
  {
    class: 'spoken email',
    text: 'send it to priya dot shah at northwind dot com',
    expected: { email: 'priya.shah@northwind.com' },
  },
  {
    class: 'spoken email',
    text: 'his address is d a n at pixel forge dot dev',
    expected: { email: 'dan@pixelforge.dev' },
  },

  // Websites.
  {
    class: 'website',
    text: 'their website is brightline solar dot com',
    expected: { website: 'brightlinesolar.com' },
  },
  {
    class: 'website',
    text: 'the site is www dot pixel forge dot dev',
    expected: { website: 'www.pixelforge.dev' },
  },
  {
    class: 'website',
    text: 'check out finch robotics dot io',
    expected: { website: 'finchrobotics.io' },
  },
  {
    class: 'website',
    text: 'Their site is https://harbourlight.co.uk',
    expected: { website: 'harbourlight.co.uk' },
  },
  {
    class: 'website',
    text: 'visit northwind traders dot com for the catalogue',
    expected: { website: 'northwindtraders.com' },
  },

  // Where they work, and as what.
  {
    class: 'company and title',
    text: 'head of growth at Finch Robotics',
    expected: { company: 'Finch Robotics', title: 'Head of Growth' },
  },
  {
    class: 'company and title',
    text: "she's a product manager at Stripe",
    expected: { company: 'Stripe', title: 'Product Manager' },
  },
  {
    class: 'company and title',
    text: 'vp of sales at northwind traders',
    expected: { company: 'Northwind Traders', title: 'VP of Sales' },
  },
  {
    class: 'company and title',
    text: 'senior engineer at Datadog, into Rust',
    expected: { company: 'Datadog', title: 'Senior Engineer' },
  },
  {
    class: 'company and title',
    text: 'co-founder of Lumen Health',
    expected: { company: 'Lumen Health', title: 'Co-founder' },
  },
  {
    class: 'company and title',
    text: 'works for the BBC in Salford',
    expected: { company: 'BBC' },
  },
  {
    class: 'company and title',
    text: 'recruiter with Hays, hiring designers',
    expected: { company: 'Hays', title: 'Recruiter' },
  },
  {
    class: 'company and title',
    text: 'runs the design team at Monzo',
    expected: { company: 'Monzo' },
  },
  {
    class: 'company and title',
    text: 'chief operating officer at Harbour Light',
    expected: { company: 'Harbour Light', title: 'Chief Operating Officer' },
  },
  {
    class: 'company and title',
    text: 'she is an investor at Sequoia',
    expected: { company: 'Sequoia', title: 'Investor' },
  },
  {
    class: 'company and title',
    text: 'he is the cto of pixel forge',
    expected: { company: 'Pixel Forge', title: 'CTO' },
  },
  {
    class: 'company and title',
    text: 'she works at blue harbor bank and loves sailing',
    expected: { company: 'Blue Harbor Bank' },
  },

  // Job changes: where they are now.
  {
    class: 'job change',
    text: "used to work at IBM but now she's at Shopify",
    expected: { company: 'Shopify' },
  },
  {
    class: 'job change',
    text: 'he left Google and joined Anthropic',
    expected: { company: 'Anthropic' },
  },
  {
    class: 'job change',
    text: 'formerly at Deloitte, now with KPMG',
    expected: { company: 'KPMG' },
  },
  {
    class: 'job change',
    text: 'she moved from Oracle to Salesforce',
    expected: { company: 'Salesforce' },
  },
  {
    class: 'job change',
    text: 'was a designer at Figma before joining Linear',
    expected: { company: 'Linear' },
  },
  {
    class: 'job change',
    text: "she's at Canva now, used to be at Atlassian",
    expected: { company: 'Canva' },
  },
  {
    class: 'job change',
    text: 'he worked at acme for years but now works at globex',
    expected: { company: 'Globex' },
  },

  // Names and places that are no company, email or date.
  { class: 'names', text: 'Met Jane Doe at Web Summit, lovely chat', expected: {} },
  { class: 'names', text: 'talked to Dr. Rajesh Patel at the booth', expected: {} },
  { class: 'names', text: "Zoë O'Brien says hi to the team", expected: {} },
  { class: 'names', text: 'met priya at the coffee stand', expected: {} },
  { class: 'names', text: 'Sean at the registration desk knows her', expected: {} },
  { class: 'names', text: 'Grace Hopper-Smith sat next to me at dinner', expected: {} },
  { class: 'names', text: 'Mr. Li at the Shanghai pavilion, ask about May', expected: {} },

  // Written after the parser was fixed, and not tuned for: a check on how far the rules reach.
  {
    class: 'future date',
    recording: 'newYorkMonthEnd',
    text: 'she said to email her on Monday',
    expected: { followUpOn: '2026-11-02' },
  },
  {
    class: 'future date',
    recording: 'aucklandMonthEnd',
    text: "I'll send the contract over on Friday",
    expected: { followUpOn: '2026-05-01' },
  },
  {
    class: 'vague date',
    recording: 'losAngelesFriday',
    text: 'they want to kick off mid next month',
    expected: { followUpOn: '2026-04-15' },
  },
  {
    class: 'vague date',
    recording: 'londonDstEnd',
    text: 'maybe the start of December',
    expected: { followUpOn: '2026-12-01' },
  },
  {
    class: 'past reference',
    recording: 'londonDstEnd',
    text: 'we were both on the panel on Wednesday',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'newYorkMonthEnd',
    text: 'I grabbed lunch with him on the 28th',
    expected: {},
  },
  {
    class: 'past reference',
    recording: 'aucklandMonthEnd',
    text: 'she demoed the prototype on Tuesday, really slick',
    expected: {},
  },
  {
    class: 'phone in words',
    country: 'US',
    text: 'number is three one two, five five five, oh one four seven',
    expected: { mobile: '+1 312 555 0147' },
  },
  {
    class: 'phone in words',
    country: 'GB',
    text: 'mobile oh seven nine one one, one two three, four five six',
    expected: { mobile: '+44 7911 123456' },
  },
  {
    class: 'spoken email',
    text: 'you can reach her at lucy dot chen at harbour light dot co dot uk',
    expected: { email: 'lucy.chen@harbourlight.co.uk' },
  },
  {
    class: 'spoken email',
    text: 'drop a note to info at green leaf dot org',
    expected: { email: 'info@greenleaf.org' },
  },
  {
    class: 'website',
    text: 'the website is green leaf dot org',
    expected: { website: 'greenleaf.org' },
  },
  {
    class: 'company and title',
    text: 'she is a partner at Bain',
    expected: { company: 'Bain', title: 'Partner' },
  },
  {
    class: 'company and title',
    text: 'lead designer at Pixel Forge',
    expected: { company: 'Pixel Forge', title: 'Lead Designer' },
  },
  {
    class: 'job change',
    text: 'he was at Amazon until last year, now he runs sales at Tidal',
    expected: { company: 'Tidal' },
  },
  { class: 'names', text: 'Amara Okafor from the Lagos delegation', expected: {} },

  {
    class: 'vague date',
    recording: 'londonDstEnd',
    text: "let's reconnect after the holidays",
    expected: {},
  },
  {
    class: 'future date',
    recording: 'losAngelesFriday',
    text: "we're meeting again on the 9th",
    expected: { followUpOn: '2026-03-09' },
  },
  {
    class: 'past reference',
    recording: 'newYorkMonthEnd',
    text: "I met her at Web Summit and we'll catch up on Thursday",
    expected: { followUpOn: '2026-11-05' },
  },
  {
    class: 'past reference',
    recording: 'aucklandMonthEnd',
    text: 'the demo was on Monday, she wants pricing by Friday',
    expected: { followUpOn: '2026-05-01' },
  },
  {
    class: 'company and title',
    text: 'he works with Stripe as a contractor',
    expected: { company: 'Stripe' },
  },
  {
    class: 'spoken email',
    text: 'email is hello at tidal dot com',
    expected: { email: 'hello@tidal.com' },
  },
  {
    class: 'phone in digits',
    country: 'US',
    text: 'call two one two 555 0123 after six',
    expected: { mobile: '+1 212 555 0123' },
  },
  {
    class: 'job change',
    text: 'ex-Google, now a founder at Loop Labs',
    expected: { company: 'Loop Labs', title: 'Founder' },
  },

  // Whole notes, as AssemblyAI writes them and as an offline engine writes them.
  {
    class: 'whole note',
    recording: 'newYorkMonthEnd',
    country: 'US',
    text: "Met Carlos at the solar stand. He's head of sales at Brightline Solar. Email carlos at brightline solar dot com, cell five one two, five five five, zero one nine eight. We spoke on Tuesday; follow up first thing next week.",
    expected: {
      followUpOn: '2026-11-02',
      email: 'carlos@brightlinesolar.com',
      mobile: '+1 512 555 0198',
      company: 'Brightline Solar',
      title: 'Head of Sales',
    },
  },
  {
    class: 'whole note',
    recording: 'aucklandMonthEnd',
    country: 'GB',
    text: 'anna used to be at barclays now she is a data scientist at monzo her email is anna at monzo dot com call her mid may',
    expected: {
      followUpOn: '2026-05-15',
      email: 'anna@monzo.com',
      company: 'Monzo',
      title: 'Data Scientist',
    },
  },
]

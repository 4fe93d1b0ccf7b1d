import * as chrono from 'chrono-node/en'
import { findPhoneNumbersInText, isSupportedCountry } from 'libphonenumber-js'

/**
 * What a voice note's transcript suggests for the form: a follow-up day, and the email, mobile,
 * company, job title or website the person said. Only proposals; the screen offers each one as a button.
 */
export type SuggestionField = 'followUpOn' | 'email' | 'mobile' | 'company' | 'title' | 'website'
export type TranscriptSuggestion = {
  field: SuggestionField
  /** The form value: YYYY-MM-DD for followUpOn, else the text to put in the field. */
  value: string
  /** The button's text: 'Follow up Tue 1 Dec', 'Use email jane@acme.com'. */
  label: string
}

export type SuggestionContext = {
  /** When the note was recorded: 'next Tuesday' counts from then. */
  recordedAt: Date
  /** The user's IANA time zone: 'tomorrow' is the day after the recording's local day. */
  timeZone: string
  /** Where a phone number without +country is from: a region code such as the browser's 'US'. */
  defaultCountry?: string
}

const MAX_FOLLOW_UPS = 3
/** A list written as one line of words. */
const wordList = (list: string) => list.split(' ')
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
// As the client's formatDate writes them (en-GB): 'Sept'.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']
const DAY_MS = 86_400_000

export function transcriptSuggestions(
  transcript: string,
  context: SuggestionContext,
): TranscriptSuggestion[] {
  return [...suggestFollowUps(transcript, context), ...suggestContactDetails(transcript, context)]
}

// ---------------------------------------------------------------------------------------------
// Follow-up days

/**
 * The recording's wall-clock time in `timeZone`, as a Date whose UTC fields hold it, so the day
 * arithmetic below does not depend on the zone of the machine that runs it.
 */
function localWallClock(instant: Date, timeZone: string): Date {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(instant)
  } catch {
    // An unknown zone name: count in UTC rather than propose nothing.
    return instant
  }
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0)
  return new Date(
    Date.UTC(
      field('year'),
      field('month') - 1,
      field('day'),
      field('hour'),
      field('minute'),
      field('second'),
    ),
  )
}

const addDays = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS)
const dayParts = (day: Date) => ({
  year: day.getUTCFullYear(),
  month: day.getUTCMonth() + 1,
  day: day.getUTCDate(),
})

/** The Friday of the week (Monday to Sunday) `weeksAhead` weeks after the one holding `today`. */
function fridayOf(today: Date, weeksAhead: number): Date {
  const sinceMonday = (today.getUTCDay() + 6) % 7
  return addDays(today, 4 - sinceMonday + 7 * weeksAhead)
}

const ORDINAL_WORDS = wordList(
  'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth',
)
const ordinalDay = (text: string): number | null => {
  const words = text.toLowerCase().replace('-', ' ').split(/\s+/)
  if (/^\d+/.test(words[0] ?? '')) return Number.parseInt(words[0] ?? '', 10)
  if (words.length === 2 && (words[0] === 'twenty' || words[0] === 'thirty')) {
    const unit = ORDINAL_WORDS.indexOf(words[1] ?? '') + 1
    return unit > 0 && unit < 10 ? (words[0] === 'twenty' ? 20 : 30) + unit : null
  }
  if (words[0] === 'thirtieth') return 30
  const index = ORDINAL_WORDS.indexOf(words[0] ?? '')
  return index === -1 ? null : index + 1
}
const ORDINAL_PATTERN = `(\\d{1,2}(?:st|nd|rd|th)|(?:(?:twenty|thirty)[\\s-])?(?:${ORDINAL_WORDS.slice(0, 9).join('|')})|${ORDINAL_WORDS.slice(9).join('|')}|thirtieth)`
const MONTH_NAME = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*'

/** The next day after `today` that is the `dayOfMonth`th of its month (skipping short months). */
function nextDayOfMonth(today: Date, dayOfMonth: number): Date | null {
  for (let ahead = 0; ahead < 3; ahead++) {
    const candidate = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + ahead, dayOfMonth),
    )
    if (candidate.getUTCDate() === dayOfMonth && candidate > today) return candidate
  }
  return null
}

const MONTH_NAMES = wordList(
  'january february march april may june july august september october november december',
)
const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
const WEEKDAY_WORD = '(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?'
const WEEKDAY_PREFIXES = wordList('sun mon tue wed thu fri sat')
/** Where in a month 'early', 'mid' and 'late' fall; 'end of' is the month's last day. */
const PART_OF_MONTH_DAY: Record<string, number> = {
  beginning: 1,
  start: 1,
  early: 5,
  mid: 15,
  middle: 15,
  late: 25,
}

const lastDayOfMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The next `weekday` (0 Sunday) strictly after `today`. */
function nextWeekday(today: Date, weekday: number): Date {
  return addDays(today, ((weekday - today.getUTCDay() + 6) % 7) + 1)
}

/** Chrono's English parser plus what people say at a venue and chrono does not read. */
function followUpParser(today: Date) {
  const parser = chrono.casual.clone()
  parser.parsers.push(
    {
      // 'by the end of the week' is that week's Friday; chrono alone reads only 'the week'.
      pattern: () => /\b(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(next\s+)?week\b/i,
      extract: (_context, match) => {
        const weeksAhead = match[1] ? 1 : today.getUTCDay() === 6 || today.getUTCDay() === 0 ? 1 : 0
        return dayParts(fridayOf(today, weeksAhead))
      },
    },
    {
      pattern: () => /\b(?:the\s+)?end\s+of\s+(?:the|this)\s+year\b/i,
      extract: () => ({ year: today.getUTCFullYear(), month: 12, day: 31 }),
    },
    {
      pattern: () => /\b(?:in\s+)?a\s+fortnight\b/i,
      extract: () => dayParts(addDays(today, 14)),
    },
    {
      // 'the week after next': the same weekday two weeks on, as 'next week' is one week on.
      pattern: () => /\b(?:the\s+)?week\s+after\s+next\b/i,
      extract: () => dayParts(addDays(today, 14)),
    },
    {
      // 'first thing next week', 'early next week', 'start of next week': that week's Monday.
      pattern: () =>
        /\b(?:first\s+thing|early|(?:the\s+)?(?:start|beginning)\s+of)\s+next\s+week\b/i,
      extract: () => dayParts(addDays(fridayOf(today, 1), -4)),
    },
    {
      // 'a week from Monday': the coming Monday, and a week on.
      pattern: () =>
        new RegExp(
          `\\b(a|one|two)\\s+weeks?\\s+from\\s+(?:this\\s+|next\\s+)?${WEEKDAY_WORD}\\b`,
          'i',
        ),
      extract: (_context, match) => {
        const weekday = WEEKDAY_PREFIXES.indexOf((match[2] ?? '').slice(0, 3).toLowerCase())
        const weeks = match[1]?.toLowerCase() === 'two' ? 2 : 1
        return weekday === -1 ? null : dayParts(addDays(nextWeekday(today, weekday), 7 * weeks))
      },
    },
    {
      // 'mid April', 'early next month', 'late this month', 'the end of March'.
      pattern: () =>
        new RegExp(
          `\\b(?:(?:the\\s+)?(beginning|start|middle|end)\\s+of|(early|mid|late))[\\s-]+(?:(next|this)\\s+month|${MONTH_WORD}\\b)`,
          'i',
        ),
      extract: (_context, match) => {
        const part = (match[1] ?? match[2] ?? '').toLowerCase()
        let year = today.getUTCFullYear()
        let month: number
        if (match[3]) {
          month = today.getUTCMonth() + 1 + (match[3].toLowerCase() === 'next' ? 1 : 0)
        } else {
          const name = (match[4] ?? '').toLowerCase().slice(0, 3)
          month = MONTH_NAMES.findIndex((full) => full.startsWith(name)) + 1
        }
        if (month > 12) [year, month] = [year + 1, month - 12]
        const dayIn = (inYear: number) =>
          part === 'end' ? lastDayOfMonth(inYear, month) : (PART_OF_MONTH_DAY[part] ?? 1)
        // A month named alone is its next occurrence: 'mid April' said in May is next April.
        if (!match[3] && Date.UTC(year, month - 1, dayIn(year)) <= today.getTime()) year += 1
        return { year, month, day: dayIn(year) }
      },
    },
    {
      // 'on the third': the next third of a month. 'the 3rd of December' is chrono's own.
      pattern: () =>
        new RegExp(`\\bon\\s+the\\s+${ORDINAL_PATTERN}\\b(?!\\s+(?:of\\b|${MONTH_NAME}))`, 'i'),
      extract: (_context, match) => {
        const dayOfMonth = ordinalDay(match[1] ?? '')
        const day = dayOfMonth && dayOfMonth <= 31 ? nextDayOfMonth(today, dayOfMonth) : null
        return day && dayParts(day)
      },
    },
  )
  return parser
}

/** Verbs that place what is said around them in the past: 'we met at the booth on Tuesday'. */
const PAST_CUES = new Set(
  wordList(
    'met saw spoke talked chatted had was were did visited presented gave bumped ran caught introduced attended went came shared showed demoed grabbed sat earlier previously already',
  ),
)
/** Words that look ahead: 'she said to call her on Friday'. */
const FUTURE_CUES = new Set(
  wordList(
    "will 'll going gonna wants want follow call ring email send meet ping catch let's remind circle check book schedule plan planning should need needs must by until before see talk speak chat",
  ),
)

/**
 * Whether the clause a date phrase sits in is about the past: the nearest tense cue before the
 * phrase decides, else the first after it ('on Tuesday we met').
 */
function isPastReference(transcript: string, index: number, length: number, text: string): boolean {
  if (/\b(?:next|coming|tomorrow|in|from|after)\b/i.test(text)) return false
  const boundary = /[.;!?,]|\b(?:and|but|so|then)\b/gi
  let clauseStart = 0
  let clauseEnd = transcript.length
  for (const match of transcript.matchAll(boundary)) {
    if (match.index < index) clauseStart = match.index + match[0].length
    else if (match.index >= index + length) {
      clauseEnd = match.index
      break
    }
  }
  const words = (from: number, to: number) =>
    transcript
      .slice(from, to)
      .toLowerCase()
      .replace(/[’]/g, "'")
      .split(/[^a-z']+/)
      .filter(Boolean)
  const tense = (word: string) =>
    PAST_CUES.has(word) ? 'past' : FUTURE_CUES.has(word) || word.endsWith("'ll") ? 'future' : null
  const before = words(clauseStart, index).map(tense).filter(Boolean)
  const cue =
    before.at(-1) ??
    words(index + length, clauseEnd)
      .map(tense)
      .find(Boolean)
  return cue === 'past'
}

const isoDay = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

/** 'Follow up Tue 1 Dec', with the year when it is not the recording's year. */
function followUpLabel(day: string, recordingYear: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  const year = date.getUTCFullYear() === recordingYear ? '' : ` ${date.getUTCFullYear()}`
  return `Follow up ${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}${year}`
}

/**
 * The days the transcript names after the recording's local day, in the order said. A bare time
 * ('at 9am') or a day already past ('we met last Tuesday') is no follow-up.
 */
export function suggestFollowUps(
  transcript: string,
  { recordedAt, timeZone }: Pick<SuggestionContext, 'recordedAt' | 'timeZone'>,
): TranscriptSuggestion[] {
  const now = localWallClock(recordedAt, timeZone)
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const todayIso = isoDay(dayParts(today))
  const days: string[] = []
  // Chrono reads some phrases ('the day after tomorrow') in the machine's own zone whatever
  // zone it is given, so it gets the wall-clock time as a local time of this machine.
  const reference = new Date(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
  )
  for (const result of followUpParser(today).parse(transcript, reference, {
    forwardDate: true,
  })) {
    const { start, text, index } = result
    if (/\b(?:last|ago|yesterday|previous|past)\b/i.test(text)) continue
    if (isPastReference(transcript, index, text.length, text)) continue
    // Said aloud, weekdays are whole words: 'sat next to me' is no Saturday.
    if (/^(?:mon|tue|wed|thu|fri|sat|sun)$/i.test(text)) continue
    const namesADay = ['day', 'weekday', 'month'].some((part) =>
      start.isCertain(part as chrono.Component),
    )
    const year = start.get('year')
    const month = start.get('month')
    const dayOfMonth = start.get('day')
    if (!namesADay || year === null || month === null || dayOfMonth === null) continue
    const day = isoDay({ year, month, day: dayOfMonth })
    if (day > todayIso && !days.includes(day)) days.push(day)
  }
  return days.slice(0, MAX_FOLLOW_UPS).map((day) => ({
    field: 'followUpOn',
    value: day,
    label: followUpLabel(day, today.getUTCFullYear()),
  }))
}

// ---------------------------------------------------------------------------------------------
// Contact details

const TLDS = wordList(
  'com org net io co ai dev app edu gov info biz tech xyz design studio agency health uk us ca au nz ie de fr nl eu es ch se jp in',
)
const TLD = `(?:${TLDS.join('|')})`
const DOT = `(?:\\s+dot\\s+|\\.)`
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?'
const DOMAIN = `${LABEL}(?:${DOT}${LABEL})*${DOT}${TLD}`
/** Words said before a domain's last label that are not part of it: 'email her at acme dot io'. */
const NOT_IN_A_DOMAIN =
  "(?:and|or|is|was|the|a|an|her|his|their|our|my|email|mail|site|website|at|on|in|to|from|for|with|dot|it|its|it's|that|which|also|try|visit|go|check|out)"
/** A domain said as words: 'brightline solar dot com' is brightlinesolar.com. */
const SPOKEN_LABEL = `(?:(?!${NOT_IN_A_DOMAIN}\\s)${LABEL}\\s+){0,2}${LABEL}`
const SPOKEN_DOMAIN = `${SPOKEN_LABEL}(?:${DOT}${SPOKEN_LABEL})*${DOT}${TLD}`
const LOCAL_PART = `[a-z0-9](?:[a-z0-9]|[._+-]|\\s+(?:dot|underscore|dash|hyphen)\\s+)*?`

/** Words before 'at' that are no one's mailbox: 'works at acme dot io' names a website. */
const NOT_A_MAILBOX = new Set(
  wordList(
    'work works working worked is was be are am me her him them us met meet based job lives live found reach email mail contact look here there up out and or who she he they we i you it the a an call write find engineer founder ceo cto',
  ),
)

/** Spoken spelling made written: 'double o' → 'oo', 'j a n e' → 'jane'. */
function joinSpelledLetters(text: string): string {
  const doubled = text.replace(
    /\b(double|triple)[\s-]([a-z0-9])\b/gi,
    (_all, times: string, letter: string) =>
      letter.repeat(times.toLowerCase() === 'double' ? 2 : 3),
  )
  // A run of two or more single letters (or doubled ones), spelled out: one word.
  return doubled.replace(
    /(?<!['’])\b([a-z0-9]|([a-z0-9])\2{1,2})(?:\s+([a-z0-9]|([a-z0-9])\4{1,2})\b)+/gi,
    (run) => (/^(?:a|i)(?:\s+(?:a|i))*$/i.test(run) ? run : run.replace(/\s+/g, '')),
  )
}

const written = (spoken: string) =>
  spoken
    .toLowerCase()
    .replace(/\s+dot\s+/g, '.')
    .replace(/\s+underscore\s+/g, '_')
    .replace(/\s+(?:dash|hyphen)\s+/g, '-')
    .replace(/\s+/g, '')

type Found = { value: string; start: number; end: number }

function findEmails(text: string): Found[] {
  const found: Found[] = []
  const pattern = new RegExp(
    `(?<![a-z0-9._+-])(${LOCAL_PART})(?:\\s+at\\s+|\\s*@\\s*)(${SPOKEN_DOMAIN})\\b`,
    'gi',
  )
  for (const match of text.matchAll(pattern)) {
    const [all, localPart = '', domain = ''] = match
    const words = localPart.trim().split(/\s+/)
    if (words.length === 1 && NOT_A_MAILBOX.has(localPart.toLowerCase())) continue
    found.push({
      value: `${written(localPart)}@${written(domain)}`,
      start: match.index,
      end: match.index + all.length,
    })
  }
  return found
}

/** Written or spoken domains with a known top-level domain, so 'e.g.' or 'St. Louis' are none. */
function findWebsites(text: string, taken: Found[]): Found[] {
  const found: Found[] = []
  // After 'website is', a domain said in several words is one: 'brightline solar dot com'.
  const cued = new RegExp(
    `\\b(?:(?:web\\s*site|site|homepage|url|web\\s+address)(?:'s|\\s+is)?|check\\s+out|visit|go\\s+to)\\s+(?:at\\s+)?(${SPOKEN_DOMAIN})\\b`,
    'gi',
  )
  for (const match of text.matchAll(cued)) {
    const start = match.index + match[0].length - (match[1] ?? '').length
    found.push({ value: written(match[1] ?? ''), start, end: match.index + match[0].length })
  }
  const pattern = new RegExp(`\\b(?:https?://)?(${DOMAIN})\\b(/[^\\s,]*[^\\s,.])?`, 'gi')
  for (const match of text.matchAll(pattern)) {
    const start = match.index
    const end = start + match[0].length
    // An email's domain is not a website of its own.
    if ([...taken, ...found].some((other) => start < other.end && end > other.start)) continue
    found.push({ value: written(match[1] ?? '') + (match[2] ?? ''), start, end })
  }
  return found
}

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  for: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
}
const DIGIT_TOKEN = `(?:\\d+|${Object.keys(DIGIT_WORDS).join('|')}|(?:double|triple)[\\s-](?:\\d|${Object.keys(DIGIT_WORDS).join('|')}))`

/** 'plus four four seven seven double O...' → '+447700...', for runs of 7 digits or more. */
function spokenDigitsWritten(text: string): string {
  const run = new RegExp(
    `\\b(?:plus\\s+)?${DIGIT_TOKEN}(?:(?:[\\s-]|[,.…]+\\s)+${DIGIT_TOKEN})+\\b`,
    'gi',
  )
  return text.replace(run, (spoken) => {
    // Written digits are libphonenumber's to read, with their '+' and spacing.
    if (/^[\d\s,.…-]+$/.test(spoken)) return spoken
    const digits = spoken
      .toLowerCase()
      .split(/[\s,.…-]+/)
      .reduce<{ text: string; repeat: number }>(
        (acc, token) => {
          if (token === 'plus') return { text: `${acc.text}+`, repeat: 1 }
          if (token === 'double') return { ...acc, repeat: 2 }
          if (token === 'triple') return { ...acc, repeat: 3 }
          const digit = DIGIT_WORDS[token] ?? token
          return { text: acc.text + digit.repeat(acc.repeat), repeat: 1 }
        },
        { text: '', repeat: 1 },
      ).text
    return digits.replace('+', '').length >= 7 ? ` ${digits} ` : spoken
  })
}

function findMobiles(text: string, country: string | undefined): string[] {
  const defaultCountry = country && isSupportedCountry(country) ? country : undefined
  return findPhoneNumbersInText(spokenDigitsWritten(text), { defaultCountry }).map(({ number }) =>
    number.formatInternational(),
  )
}

const ROLE_NOUN =
  'ceo|cto|cfo|coo|cmo|cpo|founder|co-?founder|engineer|developer|designer|manager|director|partner|recruiter|investor|analyst|consultant|lead|president|scientist|officer|editor|architect|researcher|advisor|adviser|owner|specialist|strategist|producer|professor|lawyer|attorney|accountant|marketer|intern|buyer|chef|economist|journalist'
/** 'head of growth', 'VP of sales and marketing', 'senior product designer'. */
const ROLE = `(?:(?:head|vp|svp|evp|vice\\s+president|director|chief\\s+[a-z]+\\s+officer)\\s+of\\s+[a-z&]+(?:\\s+(?:and|&)\\s+[a-z]+)?|(?:(?!(?:a|an|the|is|was|she|he|they|now|who|as|and|but)\\b)[a-z-]+\\s+){0,2}(?:${ROLE_NOUN}))`
/** What says where someone works: each cue's company is the words after it. */
const COMPANY_CUES = [
  '(?:works?|working|worked|job|been|(?:team|group|department)|runs\\s+[a-z]+)\\s+(?:at|for|with)',
  "(?:company|startup|firm)(?:(?:'s|\\s+is)(?:\\s+(?:called|named))?|\\s+(?:called|named))",
  `(${ROLE})\\s+(?:at|of|for|with)`,
  // Weaker cues, no 'the' after them: 'she's at Shopify', 'now with KPMG', 'joined Canva'.
  "(?:now|currently)\\s+(?:(?:she|he|they)(?:'s|'re|\\s+is|\\s+are)\\s+)?(?:at|with)(?!\\s+the\\b)",
  "(?:she|he|they)(?:'s|'re|\\s+is|\\s+are)\\s+(?:now\\s+)?(?:at|with)(?!\\s+the\\b)",
  '(?:joined|joining|(?:moved|switched)\\s+(?:from\\s+[a-z0-9&.-]+(?:\\s+[a-z0-9&.-]+)?\\s+)?to)(?!\\s+the\\b)',
]
/** Said in a cue's clause, it makes the workplace a former one: 'used to work at IBM'. */
const FORMER = /\b(?:used\s+to|formerly|previously|former|ex|worked|was|were|left|back\s+then)\b/i
const CLAUSE_BREAK = /[,.;!?]|\b(?:but|and|now|then|before|until|so)\b/i
/** Where a company name stops when the transcript has no capitals to tell. */
const AFTER_COMPANY = new Set(
  wordList(
    'and on in about as who which that but so since for with where follow call email next until to the she he they we i you her his their said says doing now there here is was dot at last this before',
  ),
)
const NOT_A_COMPANY = new Set(wordList('home night the a an it them us me him her lunch dinner'))
/** Words a title keeps in capitals or in lower case when the transcript has no capitals. */
const ACRONYMS = new Set(wordList('ceo cto cfo coo cmo cpo vp svp evp hr ux ui ai it qa'))
const SMALL_WORDS = new Set(wordList('of and for'))

const titleCase = (words: string[]) =>
  words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ')
const jobTitleCase = (title: string) =>
  title
    .split(/\s+/)
    .map((word) => {
      const lower = word.toLowerCase()
      if (ACRONYMS.has(lower)) return lower.toUpperCase()
      if (SMALL_WORDS.has(lower)) return lower
      return /[A-Z]/.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)
    })
    .join(' ')

/** The company name in the words after a cue, or null. */
function companyAfter(rest: string, hasCapitals: boolean): string | null {
  // 'works at acme dot io': the company is the domain's name; the website is suggested apart.
  const domain = new RegExp(`^(${LABEL})${DOT}`, 'i').exec(rest)
  const words = (domain ? (domain[1] ?? '') : rest).trim().split(/\s+/)
  if (NOT_A_COMPANY.has((words[0] ?? '').toLowerCase())) return null
  if (hasCapitals && !domain) {
    // A written transcript capitalises names: the run of capitalised words ('Acme Corp').
    const name: string[] = []
    for (const word of words) {
      if (!/^[A-Z0-9&]/.test(word) || name.length === 4) break
      name.push(word)
    }
    return name.length > 0 ? name.join(' ') : null
  }
  const name: string[] = []
  for (const word of words) {
    if (AFTER_COMPANY.has(word.toLowerCase()) || name.length === 3) break
    name.push(word)
  }
  return name.length > 0 ? titleCase(name) : null
}

/**
 * Where the person works now, and their title when said with it ('head of growth at Finch
 * Robotics'): the last workplace said that is not a former one ('used to work at IBM but now
 * she's at Shopify' is Shopify).
 */
function findCompany(text: string): { company: string; title: string | null } | null {
  const hasCapitals = /[A-Z]/.test(text.slice(1))
  // The name is looked ahead at, so a later cue in the same words is found too.
  const pattern = new RegExp(
    `(?<!['’])\\b(?:${COMPANY_CUES.join('|')})\\s+(?=(?:the\\s+)?([^,.;!?]+))`,
    'gi',
  )
  let current: { company: string; title: string | null } | null = null
  for (const match of text.matchAll(pattern)) {
    const [cue, role, rest = ''] = match
    const clause = text.slice(0, match.index).split(CLAUSE_BREAK).at(-1) ?? ''
    if (FORMER.test(clause + cue)) continue
    const company = companyAfter(rest, hasCapitals)
    if (!company) continue
    current = { company, title: role ? jobTitleCase(role) : null }
  }
  return current
}

/** The email, mobile, company, job title and website the transcript says, each at most once. */
export function suggestContactDetails(
  transcript: string,
  { defaultCountry }: Pick<SuggestionContext, 'defaultCountry'> = {},
): TranscriptSuggestion[] {
  const text = joinSpelledLetters(transcript)
  const emails = findEmails(text)
  const email = emails[0]?.value
  const website = findWebsites(text, emails)[0]?.value
  // Digits before letters: 'double o' in a number is '00', not a spelled 'oo'.
  const mobile = findMobiles(transcript, defaultCountry)[0]
  const workplace = findCompany(text)
  const suggestions: TranscriptSuggestion[] = []
  if (email) suggestions.push({ field: 'email', value: email, label: `Use email ${email}` })
  if (mobile) suggestions.push({ field: 'mobile', value: mobile, label: `Use mobile ${mobile}` })
  if (workplace) {
    const { company, title } = workplace
    suggestions.push({ field: 'company', value: company, label: `Use company ${company}` })
    if (title) suggestions.push({ field: 'title', value: title, label: `Use job title ${title}` })
  }
  if (website)
    suggestions.push({ field: 'website', value: website, label: `Use website ${website}` })
  return suggestions
}

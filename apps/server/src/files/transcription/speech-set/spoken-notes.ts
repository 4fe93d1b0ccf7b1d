/**
 * Notes said the way people leave them at a venue, written for issue 31 (not taken from the phrase
 * parser's examples): names, companies, follow-up days, spoken emails and phone numbers said in
 * groups. Each is the truth its recordings are scored against.
 */
export const SPOKEN_NOTES: readonly string[] = [
  'Met Priya Raman from Halcyon Biotech, follow up next Tuesday about the pilot',
  'Daniel Okafor runs partnerships at Bluefin Freight, call him on Thursday',
  'Her email is maria dot lopez at gmail dot com, send her the deck tonight',
  'Great chat with Tom Becker, he wants a demo early next week',
  'His number is four one five, two two three, eight eight one nine',
  'Remind me to email Chen Wei on Monday morning about the contract',
  'Sofia from Greenleaf Energy asked for pricing, follow up in two weeks',
  'Lunch with Ahmed next Friday, he is the head of sales at Copperline',
  'Write to james at northpoint dot io about the conference booth',
  'Anna Kowalski is a product manager at Riverstone, connect on LinkedIn',
  'Follow up tomorrow with the pricing sheet and the case study',
  'Mobile is seven seven zero, nine zero zero, one two three four',
  'Nice guy, used to work at Oracle but now he is at Stripe',
  'Send Laura the proposal by the end of next week',
  'Met the founder of Sunbeam Robotics at the coffee stand this morning',
  'Call back Kevin Brown on Wednesday afternoon, he is interested in the trial',
  'Her address is emma underscore hill at outlook dot com',
  'Ask Peter about the budget for next quarter when we speak on Friday',
  'Carlos is the chief technology officer at Brightline Solar',
  'Book a meeting with Rachel and her team for the second week of March',
  'The card says director of marketing, Orchard Health, give her a call next Monday',
  'Say thanks to Olivia for the introduction and follow up on Tuesday',
  'Michael Grant from Pinewood Capital wants the numbers before the board meeting',
  'Text Nina on zero seven nine one one, five five five, two one two',
]

/** An espeak-ng voice (language and variant) at a speaking rate in words per minute. */
export type Voice = { name: string; espeakVoice: string; wordsPerMinute: number }

export const VOICES: readonly Voice[] = [
  { name: 'en-us', espeakVoice: 'en-us', wordsPerMinute: 150 },
  { name: 'en-gb', espeakVoice: 'en-gb', wordsPerMinute: 160 },
  { name: 'en-us+f3', espeakVoice: 'en-us+f3', wordsPerMinute: 140 },
  { name: 'en+m3 fast', espeakVoice: 'en+m3', wordsPerMinute: 185 },
]

/** Venue noise mixed under the speech, at a signal-to-noise ratio in dB; 'clean' has none. */
export type Condition =
  { name: 'clean' } | { name: string; noise: 'pinknoise' | 'brownnoise' | 'babble'; snrDb: number }

export const CONDITIONS: readonly Condition[] = [
  { name: 'clean' },
  { name: 'pink noise 20 dB', noise: 'pinknoise', snrDb: 20 },
  { name: 'babble 10 dB', noise: 'babble', snrDb: 10 },
  { name: 'brown noise 5 dB', noise: 'brownnoise', snrDb: 5 },
]

/** Other people talking at the stand: the babble is these, said at once by other voices. */
export const BABBLE_SENTENCES = [
  'Can I get a badge scanned over here please',
  'The keynote starts in ten minutes in the main hall',
  'We have a discount for anyone who signs up today',
]

export type PlannedRecording = { noteIndex: number; voice: Voice; condition: Condition }

/**
 * Every note said clean, and once more under one of the noises by the next voice: each run of
 * four notes shares a noise, so every voice is heard twice in every noise.
 */
export function planRecordings(): PlannedRecording[] {
  const noisy = CONDITIONS.filter((condition) => condition.name !== 'clean')
  const clean = CONDITIONS[0] ?? { name: 'clean' }
  const voice = (index: number) => VOICES[index % VOICES.length] as Voice
  return SPOKEN_NOTES.flatMap((_, noteIndex) => [
    { noteIndex, voice: voice(noteIndex), condition: clean },
    {
      noteIndex,
      voice: voice(noteIndex + 1),
      condition: noisy[Math.floor(noteIndex / VOICES.length) % noisy.length] as Condition,
    },
  ])
}

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, seriousA11yViolations, skipWelcome } from '../src/browser.ts'
import { startFakeAssemblyAi, type FakeAssemblyAi } from '../src/fake-assemblyai.ts'
import { fakeMicrophone, makeMediaFixtures } from '../src/media-fixtures.ts'

/**
 * What the fake microphone says, an email spelled the way people say one. The offline engine
 * (PocketSphinx) gets almost none of espeak-ng's words right (issue 31), so the server sends the
 * recording to a fake AssemblyAI, which answers with these words.
 */
const SPEECH =
  'Met Carlos at the solar stand. Email carlos at brightline solar dot com. See you tomorrow.'
const EMAIL = 'carlos@brightlinesolar.com'
const ASSEMBLYAI_KEY = 'e2e-assemblyai-key'
const VOICE = ['-v', 'en-us', '-s', '120']
/** A zone whose calendar day often differs from UTC's: 'tomorrow' is Auckland's tomorrow. */
const TIME_ZONE = 'Pacific/Auckland'

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']

/** The day after today in `timeZone`, as a UTC midnight. */
function tomorrowIn(timeZone: string): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
  const [year, month, day] = today.split('-').map(Number)
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 0) + 1))
}

let app: RunningApp
let browser: Browser
let assemblyAi: FakeAssemblyAi
let fixtureDir: string
beforeAll(async () => {
  fixtureDir = await mkdtemp(join(tmpdir(), 'fiveconnect-e2e-speech-'))
  const fixtures = await makeMediaFixtures(fixtureDir, { speech: SPEECH, voice: VOICE })
  assemblyAi = await startFakeAssemblyAi({ apiKey: ASSEMBLYAI_KEY, text: SPEECH })
  ;[app, browser] = await Promise.all([
    startApp({ ASSEMBLYAI_API_KEY: ASSEMBLYAI_KEY, ASSEMBLYAI_BASE_URL: assemblyAi.url }),
    launchBrowser(fakeMicrophone(fixtures)),
  ])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await assemblyAi?.stop()
  await rm(fixtureDir, { recursive: true, force: true })
})

describe('journey: the voice note proposes the follow-up day and the email said', () => {
  it('records a note with a spoken email, accepts both suggestions, saves, and finds them', async () => {
    const context = await browser.newContext({ ...PHONE, timezoneId: TIME_ZONE })
    await skipWelcome(context)
    const registered = await context.request.post(`${app.url}/api/register`, {
      headers: { Origin: app.url },
      data: {
        firstName: 'Rosalind',
        lastName: 'Franklin',
        email: 'rosalind@example.com',
        password: 'sunlit-harbor-7',
        confirmPassword: 'sunlit-harbor-7',
      },
    })
    expect(registered.ok()).toBe(true)
    const page = await context.newPage()
    await page.goto(`${app.url}/add-connection`)

    await page.getByLabel('First name').fill('Carlos')
    await page.getByLabel('Last name').fill('Mendes')
    await page.getByRole('button', { name: 'Inner Circle Connection' }).click()

    const voiceNote = page.getByRole('group', { name: 'Voice note' })
    await voiceNote.getByRole('button', { name: 'Record' }).click()
    await voiceNote.getByRole('timer').filter({ hasText: '0:08' }).waitFor({ timeout: 20_000 })
    await voiceNote.getByRole('button', { name: 'Stop' }).click()
    await voiceNote.getByRole('button', { name: 'Save & Transcribe' }).click()
    await page
      .getByText('Your voice note has been saved and transcribed.')
      .waitFor({ timeout: 60_000 })
    expect(await voiceNote.locator('p').first().textContent()).toBe(SPEECH)
    // What reached the transcription service was the recording: a WebM or Ogg file of seconds.
    const [upload] = assemblyAi.uploads
    expect(upload?.subarray(0, 4).toString('hex')).toMatch(/^(?:1a45dfa3|4f676753)$/)
    expect(upload?.length).toBeGreaterThan(8000)

    const tomorrow = tomorrowIn(TIME_ZONE)
    const day = tomorrow.toISOString().slice(0, 10)
    const year = tomorrow.getUTCFullYear()
    const thisYear = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric' }).format(new Date()),
    )
    const label = `Follow up ${WEEKDAYS[tomorrow.getUTCDay()]} ${tomorrow.getUTCDate()} ${MONTHS[tomorrow.getUTCMonth()]}${year === thisYear ? '' : ` ${year}`}`
    const suggestions = page.getByRole('group', { name: 'Suggestions from the voice note' })
    const followUp = page.getByLabel('Follow up on')
    // Proposed, not applied.
    await suggestions.getByRole('button', { name: label }).waitFor()
    await suggestions.getByRole('button', { name: `Use email ${EMAIL}` }).waitFor()
    expect(await followUp.inputValue()).toBe('')
    expect(await page.getByLabel('Email').inputValue()).toBe('')
    expect(await seriousA11yViolations(page)).toEqual([])

    await suggestions.getByRole('button', { name: label }).click()
    expect(await followUp.inputValue()).toBe(day)
    await suggestions.getByText('Follow-up date filled in from the voice note.').waitFor()
    await suggestions.getByRole('button', { name: `Use email ${EMAIL}` }).click()
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL)

    await page.getByRole('button', { name: 'Save Connection' }).click()
    await page.getByText('Your connection has been saved successfully!').waitFor()
    await page.waitForURL(`${app.url}/`)

    // Home's 'Follow up' card lists it for tomorrow, and the connection's details show the day.
    const followUps = page.getByRole('region', { name: 'Follow up' })
    await followUps.getByText('Carlos Mendes').waitFor()
    await followUps.getByText('Due tomorrow').waitFor()
    await page.getByRole('link', { name: 'Connections' }).click()
    await page.getByRole('heading', { name: 'Your Connections' }).waitFor()
    await page
      .getByRole('region', { name: 'Personal connections' })
      .getByRole('button', { name: /Carlos Mendes/ })
      .click()
    const details = page.getByRole('dialog', { name: 'Connection Details' })
    await details
      .getByText(`${tomorrow.getUTCDate()} ${MONTHS[tomorrow.getUTCMonth()]} ${year}`)
      .waitFor()
    await details.getByRole('link', { name: EMAIL }).waitFor()
    await context.close()
  })
})

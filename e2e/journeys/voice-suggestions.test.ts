import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type RunningApp } from '../src/app-server.ts'
import { launchBrowser, PHONE, seriousA11yViolations } from '../src/browser.ts'
import { fakeMicrophone, makeMediaFixtures } from '../src/media-fixtures.ts'

/**
 * What the fake microphone says. The offline engine (PocketSphinx) hears espeak-ng's voice only
 * roughly; of the phrasings tried ('Follow up next Tuesday', 'in two weeks', 'Call her tomorrow',
 * 'On Monday', ...), only 'See you tomorrow' came back word for word in every voice tried. Through
 * the browser (looped, Opus) it reads 'see you tomorrow see you are'.
 */
const SPEECH = 'See you tomorrow.'
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
let fixtureDir: string
beforeAll(async () => {
  fixtureDir = await mkdtemp(join(tmpdir(), 'fiveconnect-e2e-speech-'))
  const fixtures = await makeMediaFixtures(fixtureDir, { speech: SPEECH, voice: VOICE })
  ;[app, browser] = await Promise.all([startApp(), launchBrowser(fakeMicrophone(fixtures))])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await rm(fixtureDir, { recursive: true, force: true })
})

describe('journey: the voice note proposes the follow-up day', () => {
  it("records 'see you tomorrow', accepts the suggested day, saves, and finds the follow-up", async () => {
    const context = await browser.newContext({ ...PHONE, timezoneId: TIME_ZONE })
    await context.addInitScript(() => localStorage.setItem('hasSeenWelcome', 'true'))
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

    await page.getByLabel('First name').fill('Linus')
    await page.getByLabel('Last name').fill('Pauling')
    await page.getByRole('button', { name: 'Inner Circle Connection' }).click()

    const voiceNote = page.getByRole('group', { name: 'Voice note' })
    await voiceNote.getByRole('button', { name: 'Record' }).click()
    await voiceNote.getByRole('timer').filter({ hasText: '0:03' }).waitFor()
    await voiceNote.getByRole('button', { name: 'Stop' }).click()
    await voiceNote.getByRole('button', { name: 'Save & Transcribe' }).click()
    await page
      .getByText('Your voice note has been saved and transcribed.')
      .waitFor({ timeout: 60_000 })
    const transcript = (await voiceNote.locator('p').first().textContent()) ?? ''
    expect(transcript).toMatch(/\btomorrow\b/)

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
    expect(await followUp.inputValue()).toBe('')
    expect(await seriousA11yViolations(page)).toEqual([])

    await suggestions.getByRole('button', { name: label }).click()
    expect(await followUp.inputValue()).toBe(day)
    await suggestions.getByText('Follow-up date filled in from the voice note.').waitFor()

    await page.getByRole('button', { name: 'Save Connection' }).click()
    await page.getByText('Your connection has been saved successfully!').waitFor()
    await page.waitForURL(`${app.url}/`)

    // Home's 'Follow up' card lists it for tomorrow, and the connection's details show the day.
    const followUps = page.getByRole('region', { name: 'Follow up' })
    await followUps.getByText('Linus Pauling').waitFor()
    await followUps.getByText('Due tomorrow').waitFor()
    await page.getByRole('link', { name: 'Connections' }).click()
    await page.getByRole('heading', { name: 'Your Connections' }).waitFor()
    await page
      .getByRole('region', { name: 'Personal connections' })
      .getByRole('button', { name: /Linus Pauling/ })
      .click()
    const details = page.getByRole('dialog', { name: 'Connection Details' })
    await details
      .getByText(`${tomorrow.getUTCDate()} ${MONTHS[tomorrow.getUTCMonth()]} ${year}`)
      .waitFor()
    await context.close()
  })
})

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { PHONE } from '../src/browser.ts'
import { appAndBrowser } from '../src/journey.ts'
import { registerThroughForm } from '../src/register.ts'
import { checkPhoneScreen } from '../src/screen-checks.ts'

// Issue 20: a phone's .vcf of several cards and a LinkedIn Connections.csv become the user's
// people in one step each, with a preview of the duplicates first; an import can be undone.

const USER = {
  firstName: 'Mary',
  lastName: 'Somerville',
  email: 'mary@example.com',
  password: 'tidal-lantern-42',
}
const SLOW = { timeout: 15_000 }

// As an iPhone shares several contacts: vCard 3.0, CRLF, one card without a name, and Ada twice.
const PHONE_CONTACTS = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Lovelace;Ada;;;',
  'FN:Ada Lovelace',
  'ORG:Analytical Engines;',
  'item1.EMAIL;type=INTERNET;type=pref:ada@engines.example',
  'TEL;type=CELL;type=VOICE;type=pref:+44 7700 900001',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Turing;Alan;;;',
  'FN:Alan Turing',
  'ORG:Bletchley Park;',
  'item1.URL;type=pref:https://www.linkedin.com/in/alan-turing',
  'item1.X-ABLabel:LinkedIn',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'EMAIL;type=INTERNET:reception@hotel.example',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Lovelace;Ada;;;',
  'FN:Ada Lovelace',
  'EMAIL;type=INTERNET:ADA@engines.example',
  'END:VCARD',
  '',
].join('\r\n')

const LINKEDIN_CONNECTIONS = [
  'Notes:',
  '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here https://www.linkedin.com/help/linkedin/answer/261"',
  '',
  'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
  'Alan,Turing,https://www.linkedin.com/in/alan-turing,,University of Manchester,Reader,12 Jun 2023',
  'Grace,Hopper,https://www.linkedin.com/in/gracehopper,grace@navy.example,US Navy,"Rear Admiral, Retired",02 Jan 2024',
  'Katherine,Johnson,https://www.linkedin.com/in/katherine-johnson,,NASA,Mathematician,28 Feb 2024',
  '',
].join('\r\n')

const journey = appAndBrowser()

async function chooseFile(page: Page, name: string, mimeType: string, content: string) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose a contact file' }).click()
  await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(content) })
}

/** The names Add Connection's person search finds for a word. */
async function peopleFound(page: Page, query: string) {
  await page.goto(`${journey.app.url}/add-connection`)
  await page.getByLabel('Search by name').fill(query)
  const results = page.getByRole('list', { name: 'Matching people' })
  const none = page.getByText('No matching people. Add them below.')
  await results.or(none).waitFor(SLOW)
  return (await none.isVisible()) ? [] : results.getByRole('button').allTextContents()
}

describe('journey: importing contact files', () => {
  it('imports a .vcf and a LinkedIn CSV with previews of the duplicates, then undoes one', async () => {
    const page = await journey.browser.newContext(PHONE).then((context) => context.newPage())
    await registerThroughForm(page, journey.app.url, USER)

    await page.getByRole('link', { name: 'Profile' }).click()
    await page.getByRole('link', { name: 'Import contacts' }).click()
    await page.waitForURL('**/import')
    await page.getByText('No imports yet.').waitFor()
    await checkPhoneScreen(page, 'import-empty')

    // The phone's contacts: Ada's second card repeats her first; one card has no name.
    await chooseFile(page, 'iPhone contacts.vcf', 'text/vcard', PHONE_CONTACTS)
    const preview = page.getByRole('region', { name: 'Import preview' })
    await preview.getByRole('heading', { name: '2 people will be imported' }).waitFor(SLOW)
    await preview.getByText('vCard file').waitFor()
    const repeats = preview.getByRole('region', { name: 'Same person' })
    await repeats.getByText('Repeats card 1 of this file (Ada Lovelace) · Same email').waitFor()
    await preview
      .getByRole('region', { name: 'Skipped' })
      .getByText('1 contact has no name.')
      .waitFor()
    await checkPhoneScreen(page, 'import-vcard-preview')
    await preview.getByRole('button', { name: 'Import 2 people' }).click()
    await page
      .getByText('2 people added from iPhone contacts.vcf. 1 duplicate was left out.')
      .waitFor()
    const past = page.getByRole('region', { name: 'Past imports' })
    await past.getByText('iPhone contacts.vcf').waitFor()
    await past.getByText(/^vCard file · 2 people · /).waitFor()

    // LinkedIn: Alan is already one of the user's people (the same LinkedIn profile): merged, his
    // empty job title is filled in and his company kept.
    await chooseFile(page, 'Connections.csv', 'text/csv', LINKEDIN_CONNECTIONS)
    await preview.getByRole('heading', { name: '2 people will be imported' }).waitFor(SLOW)
    await preview.getByText('LinkedIn connections export').waitFor()
    const duplicates = preview.getByRole('region', { name: 'Same person' })
    const alan = duplicates.getByRole('listitem')
    expect(await alan.count()).toBe(1)
    await alan.getByText('Matches Alan Turing (Bletchley Park) · Same LinkedIn').waitFor()
    await alan.getByText('Merge').click()
    await preview.getByText('1 contact will be merged into someone you have.').waitFor()
    await checkPhoneScreen(page, 'import-linkedin-preview')
    await preview.getByRole('button', { name: 'Import 2 people, merge 1' }).click()
    await page
      .getByText('2 people added from Connections.csv. 1 merged into someone you have.')
      .waitFor()
    await past.getByText('Connections.csv').waitFor()

    expect(await peopleFound(page, 'Hopper')).toEqual([expect.stringContaining('Grace Hopper')])
    expect(await peopleFound(page, 'Johnson')).toEqual([
      expect.stringContaining('Katherine Johnson'),
    ])
    expect(await peopleFound(page, 'Lovelace')).toHaveLength(1)

    // Meeting Grace after the import: undoing it keeps her.
    await page.getByLabel('Search by name').fill('Hopper')
    await page.getByRole('button', { name: 'Choose Grace Hopper' }).click()
    const types = page.getByRole('group', { name: 'Connection Types' })
    await types.getByRole('button', { name: 'Strategic Alliance' }).click()
    await page.getByRole('button', { name: 'Save Connection' }).click()
    await page.getByText('Your connection has been saved successfully!').waitFor()

    await page.goto(`${journey.app.url}/import`)
    await past.getByRole('button', { name: 'Undo import of Connections.csv' }).click()
    const confirm = page.getByRole('dialog', { name: 'Undo import?' })
    await confirm
      .getByText(
        'This removes the 2 people added from Connections.csv. People you have since added a connection with are kept.',
      )
      .waitFor()
    await confirm.getByRole('button', { name: 'Undo import' }).click()
    await page
      .getByText('1 person removed. 1 person kept because you have added connections with them.')
      .waitFor()
    await past.getByRole('article', { name: 'Connections.csv' }).getByText('Undone').waitFor()
    await checkPhoneScreen(page, 'import-undone')

    expect(await peopleFound(page, 'Johnson')).toEqual([])
    expect(await peopleFound(page, 'Hopper')).toEqual([expect.stringContaining('Grace Hopper')])
    expect(await peopleFound(page, 'Turing')).toEqual([expect.stringContaining('Alan Turing')])
  })
})

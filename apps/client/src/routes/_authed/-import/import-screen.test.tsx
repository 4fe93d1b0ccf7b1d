import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, never, TrpcMockError, trpcCallsTo } from '../../../test/trpc-msw.ts'

const LINKEDIN_HEADER = 'First Name,Last Name,URL,Email Address,Company,Position,Connected On'
const linkedinCsv = (rows: string[]) =>
  new File(
    [
      [
        'Notes:',
        '"When exporting your connection data, you may notice that some of the email addresses are missing."',
        '',
        LINKEDIN_HEADER,
        ...rows,
      ].join('\r\n'),
    ],
    'Connections.csv',
    { type: 'text/csv' },
  )

const pastImport = {
  id: '00000000-0000-4000-8000-000000000901',
  source: 'vcard' as const,
  fileName: 'iphone.vcf',
  peopleCount: 12,
  createdAt: new Date('2026-03-03T10:00:00Z'),
  undoneAt: null,
}

function open(overrides: Record<string, (input: unknown) => unknown> = {}) {
  mockTrpc({
    'auth.me': () => makeUser(),
    'imports.list': () => [pastImport],
    'imports.stage': (input) => ({ staged: (input as { contacts: unknown[] }).contacts.length }),
    ...overrides,
  })
  return renderApp('/import')
}

const fileInput = async () => {
  await screen.findByRole('button', { name: 'Choose a contact file' })
  return document.querySelector<HTMLInputElement>('input[type=file]') as HTMLElement
}

describe('importing contacts', { timeout: 20_000 }, () => {
  it('previews a LinkedIn export with its duplicates and skips, then imports it', async () => {
    const { user } = open({
      'imports.preview': () => ({
        total: 3,
        toImport: 2,
        duplicates: [
          {
            position: 2,
            firstName: 'Grace',
            lastName: 'Hopper',
            email: 'grace@navy.example',
            company: 'US Navy',
            strength: 'strong',
            matches: [
              {
                kind: 'person',
                personId: 'p1',
                firstName: 'Grace',
                lastName: 'Hopper',
                company: 'US Navy',
                reasons: ['email', 'linkedin'],
              },
            ],
          },
        ],
      }),
      'imports.create': () => ({
        contactImport: { ...pastImport, id: 'new', fileName: 'Connections.csv', peopleCount: 2 },
        skipped: 1,
        merged: 0,
      }),
    })
    await user.upload(
      await fileInput(),
      linkedinCsv([
        'Priya,Shah,https://www.linkedin.com/in/priya,,Northwind,"Director, Partnerships",14 Mar 2024',
        'Grace,Hopper,https://www.linkedin.com/in/gracehopper,grace@navy.example,US Navy,Rear Admiral,02 Jan 2023',
        'Tomás,Ruiz,https://www.linkedin.com/in/tomasruiz,,,,28 Feb 2022',
        ',,https://www.linkedin.com/in/private,,,,05 Nov 2021',
        'Bad,Email,https://www.linkedin.com/in/bad,not-an-email,,,05 Nov 2021',
      ]),
    )

    const preview = await screen.findByRole('region', { name: 'Import preview' })
    expect(within(preview).getByText('LinkedIn connections export')).toBeVisible()
    // Focus moves to the outcome, where a keyboard or screen-reader user reads on.
    const outcome = within(preview).getByRole('heading', { name: '2 people will be imported' })
    await waitFor(() => expect(outcome).toHaveFocus())
    const duplicates = within(preview).getByRole('region', { name: 'Same person' })
    expect(duplicates).toHaveTextContent('Grace Hopper')
    expect(duplicates).toHaveTextContent(
      'Matches Grace Hopper (US Navy) · Same email, Same LinkedIn',
    )
    const skipped = within(preview).getByRole('region', { name: 'Skipped' })
    expect(skipped).toHaveTextContent('1 contact has no name.')
    expect(skipped).toHaveTextContent('Row 5 · Bad Email: Invalid email address')

    expect(trpcCallsTo('imports.stage')).toMatchObject([
      {
        contacts: [
          expect.objectContaining({
            position: 1,
            firstName: 'Priya',
            title: 'Director, Partnerships',
          }),
          expect.objectContaining({ position: 2, firstName: 'Grace', email: 'grace@navy.example' }),
          expect.objectContaining({ position: 3, firstName: 'Tomás', lastName: 'Ruiz' }),
        ],
      },
    ])

    await user.click(within(preview).getByRole('button', { name: 'Import 2 people' }))
    expect(await findToast('Contacts Imported')).toHaveTextContent(
      '2 people added from Connections.csv. 1 duplicate was left out.',
    )
    const [staged] = trpcCallsTo('imports.stage') as { uploadId: string }[]
    expect(trpcCallsTo('imports.create')).toEqual([
      {
        uploadId: staged?.uploadId,
        source: 'linkedin-csv',
        fileName: 'Connections.csv',
        choices: [],
      },
    ])
    expect(screen.queryByRole('region', { name: 'Import preview' })).not.toBeInTheDocument()
  })

  it('lets each flagged contact be skipped, imported anyway or merged', async () => {
    const grace = '00000000-0000-4000-8000-000000000a01'
    const { user } = open({
      'imports.preview': () => ({
        total: 3,
        toImport: 1,
        duplicates: [
          {
            position: 1,
            firstName: 'Grace',
            lastName: 'Hopper',
            email: 'grace@navy.example',
            company: 'US Navy',
            strength: 'strong',
            matches: [
              {
                kind: 'person',
                personId: grace,
                firstName: 'Grace',
                lastName: 'Hopper',
                company: 'US Navy',
                reasons: ['email'],
              },
            ],
          },
          {
            position: 2,
            firstName: 'Jon',
            lastName: 'Smith',
            email: 'jon@acme.example',
            company: 'Acme',
            strength: 'weak',
            matches: [
              {
                kind: 'person',
                personId: '00000000-0000-4000-8000-000000000a02',
                firstName: 'John',
                lastName: 'Smith',
                company: 'Acme',
                reasons: ['name'],
              },
            ],
          },
        ],
      }),
      'imports.create': () => ({
        contactImport: { ...pastImport, id: 'new', fileName: 'team.vcf', peopleCount: 2 },
        skipped: 0,
        merged: 1,
      }),
    })
    const card = (lines: string[]) =>
      ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n')
    const vcf = [
      card(['N:Hopper;Grace;;;', 'EMAIL:grace@navy.example', 'TITLE:Rear Admiral']),
      card(['N:Smith;Jon;;;', 'ORG:Acme', 'EMAIL:jon@acme.example']),
      card(['N:;;;;', 'FN:Müller & Söhne GmbH', 'ORG:Müller & Söhne GmbH;', 'X-ABShowAs:COMPANY']),
      card(['N:Okafor;Chidi;;;']),
    ].join('\r\n')
    await user.upload(await fileInput(), new File([vcf], 'team.vcf', { type: 'text/vcard' }))

    const preview = await screen.findByRole('region', { name: 'Import preview' })
    expect(
      within(preview).getByRole('heading', { name: '1 person will be imported' }),
    ).toBeVisible()
    expect(within(preview).getByRole('region', { name: 'Skipped' })).toHaveTextContent(
      'Card 3 · Müller & Söhne GmbH: A company, not a person: no name to import',
    )
    const strong = within(preview).getByRole('region', { name: 'Same person' })
    expect(strong).toHaveTextContent('Matches Grace Hopper (US Navy) · Same email')
    // A second person cannot have the email of someone the user has.
    expect(within(strong).getByRole('radio', { name: 'Import anyway' })).toBeDisabled()
    expect(within(strong).getByRole('radio', { name: 'Skip' })).toBeChecked()
    await user.click(within(strong).getByRole('radio', { name: 'Merge' }))

    const weak = within(preview).getByRole('region', { name: 'Perhaps the same person' })
    expect(weak).toHaveTextContent('Matches John Smith (Acme) · Similar name at the same company')
    await user.click(within(weak).getByRole('radio', { name: 'Import anyway' }))

    expect(
      within(preview).getByRole('heading', { name: '2 people will be imported' }),
    ).toBeVisible()
    expect(preview).toHaveTextContent('1 contact will be merged into someone you have.')
    await user.click(within(preview).getByRole('button', { name: 'Import 2 people, merge 1' }))
    expect(await findToast('Contacts Imported')).toHaveTextContent(
      '2 people added from team.vcf. 1 merged into someone you have.',
    )
    expect(trpcCallsTo('imports.stage')).toMatchObject([
      {
        contacts: [
          expect.objectContaining({ position: 1, title: 'Rear Admiral' }),
          expect.objectContaining({ position: 2, company: 'Acme' }),
          expect.objectContaining({ position: 4, firstName: 'Chidi' }),
        ],
      },
    ])
    expect(trpcCallsTo('imports.create')).toMatchObject([
      {
        fileName: 'team.vcf',
        source: 'vcard',
        choices: [
          { position: 1, action: 'merge', personId: grace },
          { position: 2, action: 'import' },
        ],
      },
    ])
  })

  it('shows a progress bar while a big file is checked in parts', async () => {
    let parts = 0
    const { user } = open({
      'imports.stage': (input) => {
        parts += 1
        if (parts > 1) return never()
        return { staged: (input as { contacts: unknown[] }).contacts.length }
      },
    })
    const rows = Array.from({ length: 1200 }, (_, i) => `Person,Number${i},,,,,01 Jan 2024`)
    await user.upload(await fileInput(), linkedinCsv(rows))
    expect(await screen.findByText('Checking 500 of 1,200 contacts…')).toBeVisible()
    expect(screen.getByRole('progressbar', { name: 'Checking contacts' })).toHaveAttribute(
      'aria-valuenow',
      String((500 / 1200) * 100),
    )
  })

  it('says why a file cannot be imported, and shows the server’s refusal', async () => {
    const { user } = open({
      'imports.stage': () => {
        throw new TrpcMockError('BAD_REQUEST', 'An import holds at most 5,000 contacts.')
      },
    })
    await user.upload(
      await fileInput(),
      new File(['Date,Amount\r\n2024-01-01,12.50\r\n'], 'bank.csv', { type: 'text/csv' }),
    )
    expect(await findToast('Import Failed')).toHaveTextContent(
      'This file is not a contact file we can read',
    )
    await user.upload(await fileInput(), linkedinCsv(['Ann,Lee,,,,,01 Jan 2024']))
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveTextContent(
        'An import holds at most 5,000 contacts.',
      ),
    )
  })

  it('undoes a past import after a confirm, and says how many people were kept', async () => {
    const { user } = open({
      'imports.undo': () => ({
        contactImport: { ...pastImport, undoneAt: new Date() },
        removed: 10,
        kept: 2,
      }),
    })
    const past = await screen.findByRole('region', { name: 'Past imports' })
    expect(await within(past).findByText('iphone.vcf')).toBeVisible()
    expect(past).toHaveTextContent('vCard file · 12 people · 3 Mar 2026')
    await user.click(within(past).getByRole('button', { name: 'Undo import of iphone.vcf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Undo import?' })
    expect(dialog).toHaveTextContent(
      'This removes the 12 people added from iphone.vcf. People you have since added a connection with are kept.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }))
    expect(await findToast('Import Undone')).toHaveTextContent(
      '10 people removed. 2 people kept because you have added connections with them.',
    )
    expect(trpcCallsTo('imports.undo')).toEqual([{ id: pastImport.id }])
  })

  it('is reached from Profile and from Add Connection', async () => {
    mockTrpc({
      'auth.me': () => makeUser(),
      'imports.list': () => [],
      'events.list': () => [],
      'events.listJoined': () => [],
      'connections.list': () => [],
    })
    const { user, currentPath } = renderApp('/profile')
    await user.click(await screen.findByRole('link', { name: 'Import contacts' }))
    await waitFor(() => expect(currentPath()).toBe('/import'))
    expect(await screen.findByText('No imports yet.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(currentPath()).toBe('/profile'))

    mockTrpc({ 'people.search': () => [], 'people.listDuplicates': () => [] })
    renderApp('/add-connection')
    expect(
      await screen.findByRole('link', { name: 'Import many contacts at once' }),
    ).toHaveAttribute('href', '/import')
  })
})

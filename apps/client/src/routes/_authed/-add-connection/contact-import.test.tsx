import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makePerson, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc } from '../../../test/trpc-msw.ts'

function open() {
  mockTrpc({
    'auth.me': () => makeUser(),
    'events.list': () => [],
    'people.search': () => [],
    'people.listDuplicates': () => [],
    'people.create': (input) => ({ ...makePerson(), ...(input as object), id: 'new-person' }),
    'connections.create': () => ({ id: 'c1' }),
    'connections.list': () => [],
    'events.listJoined': () => [],
  })
  return renderApp('/add-connection')
}

const vcf = (text: string, name = 'zoe.vcf') => new File([text], name, { type: 'text/vcard' })
const contactInput = async () => {
  await screen.findByRole('button', { name: 'Import contact (.vcf)' })
  return document.querySelector<HTMLInputElement>('input[type=file][accept^=".vcf"]') as HTMLElement
}

describe('importing a contact card', { timeout: 20_000 }, () => {
  it('fills in the new person from a .vcf file', async () => {
    const { user } = open()
    await user.upload(
      await contactInput(),
      vcf(
        'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nORG:Analytical Engines\r\nEMAIL:ada@engines.example\r\nTEL;TYPE=CELL:+44 7700 900123\r\nEND:VCARD\r\n',
      ),
    )
    expect(await findToast('Contact Imported')).toHaveTextContent('Ada Lovelace')
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada')
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Lovelace')
    expect(screen.getByLabelText('Company')).toHaveValue('Analytical Engines')
    expect(screen.getByLabelText('Email')).toHaveValue('ada@engines.example')
    expect(screen.getByLabelText('Mobile')).toHaveValue('+44 7700 900123')
  })

  it('says why a file cannot be imported', async () => {
    const { user } = open()
    await user.upload(await contactInput(), vcf('not a contact'))
    expect(await findToast('Import Failed')).toHaveTextContent(
      'That file has no contact card with a name in it.',
    )
    expect(screen.getByLabelText(/First name/)).toHaveValue('')
    await user.upload(await contactInput(), vcf(' '.repeat(1024 * 1024 + 1)))
    expect(await findToast('Contact files must be 1 MB or smaller.')).toBeVisible()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc } from '../../../test/trpc-msw.ts'

function open() {
  mockTrpc({
    'auth.me': () => makeUser(),
    'events.list': () => [],
    'people.search': () => [],
    'people.listDuplicates': () => [],
    'connections.create': () => ({ id: 'c1' }),
    'connections.createWithPerson': () => ({ id: 'c1' }),
    'connections.list': () => [],
    'events.listJoined': () => [],
  })
  return renderApp('/add-connection')
}

const vcf = (content: string | Uint8Array<ArrayBuffer>, name = 'zoe.vcf') =>
  new File([content], name, { type: 'text/vcard' })
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
        'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nORG:Analytical Engines\r\nEMAIL:ada@engines.example\r\nTEL;TYPE=CELL:+44 7700 900123\r\nURL:http\\://ada.example\r\nEND:VCARD\r\n',
      ),
    )
    expect(await findToast('Contact Imported')).toHaveTextContent('Ada Lovelace')
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada')
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Lovelace')
    expect(screen.getByLabelText('Company')).toHaveValue('Analytical Engines')
    expect(screen.getByLabelText('Email')).toHaveValue('ada@engines.example')
    expect(screen.getByLabelText('Mobile')).toHaveValue('+44 7700 900123')
    // Apple and Google escape the colon.
    expect(screen.getByLabelText('Website')).toHaveValue('http://ada.example')
  })

  it('fills in the first named card of an Android export, in its own encodings', async () => {
    const { user } = open()
    const android = [
      'BEGIN:VCARD\r\nVERSION:2.1\r\nEMAIL;PREF:someone@company.example\r\nEND:VCARD\r\n',
      'BEGIN:VCARD\r\nVERSION:2.1\r\n',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Mu=C3=B1oz;Jos=C3=A9 Mar=\r\n=C3=ADa;;;\r\n',
      'ORG;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:Caf=E9 du Monde\r\n',
      'END:VCARD\r\n',
    ].join('')
    await user.upload(await contactInput(), vcf(new TextEncoder().encode(android)))
    expect(await findToast('Contact Imported')).toHaveTextContent('José María Muñoz')
    expect(screen.getByLabelText(/First name/)).toHaveValue('José María')
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Muñoz')
    expect(screen.getByLabelText('Company')).toHaveValue('Café du Monde')
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

describe('scanning a QR code with the camera', { timeout: 20_000 }, () => {
  function withCamera(getUserMedia: () => Promise<MediaStream>) {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia },
    })
  }

  it('says so when camera access is denied, and closes on Cancel', async () => {
    withCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')))
    const { user } = open()
    await user.click(await screen.findByRole('button', { name: 'Scan QR code' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scan QR Code' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Camera access was denied. Allow the camera for this site, or import a .vcf file instead.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says so when the device has no camera', async () => {
    withCamera(() => Promise.reject(new DOMException('none', 'NotFoundError')))
    const { user } = open()
    await user.click(await screen.findByRole('button', { name: 'Scan QR code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No camera was found on this device. Import a .vcf file instead.',
    )
  })
})

import { screen, within } from '@testing-library/react'
import { encode } from 'uqr'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../../test/factories.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo, TrpcMockError } from '../../../test/trpc-msw.ts'

const card = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Lovelace;Ada;;;',
  'FN:Ada Lovelace',
  'EMAIL;TYPE=INTERNET:ada@example.com',
  'END:VCARD',
  '',
].join('\r\n')
const file = {
  filename: 'ada-lovelace.vcf',
  contentType: 'text/vcard; charset=utf-8',
  content: card,
}

beforeAll(() => import('../profile.lazy.tsx'), 60_000)

describe('sharing my contact', { timeout: 20_000 }, () => {
  it('shows a QR code of my share page link, and makes one when I have none', async () => {
    const url = 'http://localhost:3000/c/AbCdEfGhIjKlMnOp'
    mockTrpc({
      'auth.me': () => makeUser(),
      'share.settings': () => ({ url: null, fields: ['company', 'email'] }),
      'share.createLink': () => ({ url, fields: ['company', 'email'] }),
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Share my contact' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share your contact' })
    await user.click(await within(dialog).findByRole('button', { name: 'Create share page' }))
    const qr = await within(dialog).findByRole('img', { name: 'QR code of your share page link' })
    const modules = encode(Array.from(new TextEncoder().encode(url)), { ecc: 'M', border: 4 }).size
    expect(qr).toHaveAttribute('viewBox', `0 0 ${modules} ${modules}`)
    expect(within(dialog).getByRole('textbox', { name: 'Your share page link' })).toHaveValue(url)
    expect(trpcCallsTo('share.createLink')).toEqual([{ fields: ['company', 'email'] }])
  })

  it('turns the share page off only once I confirm', async () => {
    mockTrpc({
      'auth.me': () => makeUser(),
      'share.settings': () => ({ url: 'http://localhost:3000/c/AbCdEfGhIjKlMnOp', fields: [] }),
      'share.turnOff': () => ({ ok: true }),
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Share my contact' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share your contact' })
    await user.click(await within(dialog).findByRole('button', { name: 'Turn off share page' }))
    const confirm = await screen.findByRole('dialog', { name: 'Turn off your share page?' })
    expect(trpcCallsTo('share.turnOff')).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }))
    expect(await within(dialog).findByRole('button', { name: 'Create share page' })).toBeVisible()
    expect(trpcCallsTo('share.turnOff')).toHaveLength(1)
    expect(
      within(dialog).queryByRole('img', { name: 'QR code of your share page link' }),
    ).not.toBeInTheDocument()
  })

  it('shows my vCard as a QR code on the offline tab, loaded only when asked', async () => {
    mockTrpc({
      'auth.me': () => makeUser(),
      'share.settings': () => ({ url: null, fields: [] }),
      'exports.profileVcf': () => file,
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Share my contact' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share your contact' })
    await user.click(within(dialog).getByRole('tab', { name: 'Offline card' }))
    const qr = await within(dialog).findByRole('img', { name: 'QR code of your contact card' })
    const modules = encode(Array.from(new TextEncoder().encode(card)), { ecc: 'M', border: 4 }).size
    expect(qr).toHaveAttribute('viewBox', `0 0 ${modules} ${modules}`)
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    expect(within(dialog).getByRole('link', { name: 'Download contact card' })).toHaveAttribute(
      'href',
      '/api/profile/vcard.vcf',
    )
    expect(trpcCallsTo('exports.profileVcf')).toHaveLength(1)
  })

  it('says so when the card cannot be loaded', async () => {
    mockTrpc({
      'auth.me': () => makeUser(),
      'share.settings': () => ({ url: null, fields: [] }),
      'exports.profileVcf': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Share my contact' }))
    await user.click(await screen.findByRole('tab', { name: 'Offline card' }))
    expect(await screen.findByText('Your contact card could not be loaded.')).toBeVisible()
  })
})

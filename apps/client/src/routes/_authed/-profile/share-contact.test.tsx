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
  it('shows my vCard as a QR code, loaded only when asked, and offers the file', async () => {
    mockTrpc({ 'auth.me': () => makeUser(), 'exports.profileVcf': () => file })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Share my contact' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share your contact' })
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
      'exports.profileVcf': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    const { user } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Share my contact' }))
    expect(await screen.findByText('Your contact card could not be loaded.')).toBeVisible()
  })
})

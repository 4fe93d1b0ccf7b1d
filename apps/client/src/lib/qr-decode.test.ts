import { parseVCard, toVCard } from '@fiveconnect/api/vcard'
import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { decodeQr, type Pixels } from './qr-decode.ts'
import { contactFromScan } from './scanned-contact.ts'

/** `text` as the profile draws it (UTF-8 bytes, quiet zone), rendered black on white, 4 px a module. */
function qrImage(text: string, scale = 4): Pixels {
  const { data: modules } = encode(Array.from(new TextEncoder().encode(text)), {
    ecc: 'M',
    border: 4,
  })
  const width = modules.length * scale
  const data = new Uint8ClampedArray(width * width * 4)
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const isDark = modules[Math.floor(y / scale)]?.[Math.floor(x / scale)]
      data.set(isDark ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * width + x) * 4)
    }
  }
  return { data, width, height: width }
}

const card = toVCard({
  firstName: 'Zoë',
  lastName: "O'Brien",
  email: 'zoe@acme.example',
  mobile: '+44 7700 900123',
  company: 'Acme, Ltd',
  title: null,
  website: 'https://acme.example',
  linkedin: 'https://www.linkedin.com/in/zoe-obrien',
  note: null,
})

describe('scanning a QR code', () => {
  it('decodes a generated contact card back to the same person', () => {
    const scanned = decodeQr(qrImage(card))
    expect(scanned).toBe(card)
    expect(contactFromScan(scanned ?? '')).toEqual(parseVCard(card))
    expect(contactFromScan(scanned ?? '')).toMatchObject({ firstName: 'Zoë', company: 'Acme, Ltd' })
  })

  it('reads a MECARD code, as many QR generators make them', () => {
    const code = 'MECARD:N:Lovelace,Ada;TEL:+44 7700 900123;EMAIL:ada@engines.example;;'
    expect(contactFromScan(decodeQr(qrImage(code)) ?? '')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      mobile: '+44 7700 900123',
      email: 'ada@engines.example',
    })
  })

  it('reads a LinkedIn profile link as the LinkedIn field only', () => {
    const link = 'https://www.linkedin.com/in/ada-lovelace-1815/'
    expect(contactFromScan(decodeQr(qrImage(link)) ?? '')).toEqual({ linkedin: link })
  })

  it('finds no contact in other codes, and no code in a blank image', () => {
    expect(contactFromScan(decodeQr(qrImage('https://example.com/menu')) ?? '')).toBeNull()
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 }
    expect(decodeQr(blank)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { parseVCard } from './vcard-parse.ts'

describe('parseVCard', () => {
  it('reads a vCard 3.0 card as phones export it: escaped, folded, grouped', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      "N:O'Brien;Zoë;;;",
      "FN:Zoë O'Brien",
      'ORG:Acme\\; Widgets\\, Ltd;Research',
      'item1.EMAIL;TYPE=INTERNET:zoe@acme.example',
      'TEL;TYPE=WORK:+44 20 7946 0000',
      'TEL;TYPE=CELL:+44 7700 ',
      ' 900123',
      'URL:https://acme.example',
      'X-SOCIALPROFILE;TYPE=linkedin:https://linkedin.com/in/zoe',
      'END:VCARD',
      '',
    ].join('\r\n')
    expect(parseVCard(card)).toEqual({
      firstName: 'Zoë',
      lastName: "O'Brien",
      email: 'zoe@acme.example',
      mobile: '+44 7700 900123',
      company: 'Acme; Widgets, Ltd',
      linkedin: 'https://linkedin.com/in/zoe',
      website: 'https://acme.example',
    })
  })

  it('reads a vCard 4.0 card with only FN, a tel: URI and LinkedIn as a URL', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Ada King Lovelace',
      'TEL;VALUE=uri;TYPE=cell:tel:+1-555-0100',
      'URL:https://www.linkedin.com/in/ada',
      'END:VCARD',
    ].join('\n')
    expect(parseVCard(card)).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      mobile: '+1-555-0100',
      linkedin: 'https://www.linkedin.com/in/ada',
      website: '',
    })
  })

  it('takes the first card of several, and refuses files without a named card', () => {
    const two = 'BEGIN:VCARD\nN:One;First\nEND:VCARD\nBEGIN:VCARD\nN:Two;Second\nEND:VCARD'
    expect(parseVCard(two)?.lastName).toBe('One')
    expect(parseVCard('hello')).toBeNull()
    expect(parseVCard('BEGIN:VCARD\nVERSION:3.0\nEMAIL:x@y.example\nEND:VCARD')).toBeNull()
  })
})

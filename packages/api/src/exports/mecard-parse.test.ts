import { describe, expect, it } from 'vitest'
import { parseMeCard } from './mecard-parse.ts'

describe('parseMeCard', () => {
  it('reads a MECARD QR code as QR generators write it, escapes included', () => {
    const code =
      'MECARD:N:Lovelace,Ada;ORG:Analytical\\; Engines;TEL:+44 7700 900123;EMAIL:ada@engines.example;URL:https\\://ada.example;NOTE:Hi;;'
    expect(parseMeCard(code)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@engines.example',
      mobile: '+44 7700 900123',
      company: 'Analytical; Engines',
      title: '',
      linkedin: '',
      website: 'https://ada.example',
    })
  })

  it('takes a name without a comma first name first, and a LinkedIn URL as LinkedIn', () => {
    expect(
      parseMeCard('mecard:N:Grace Brewster Hopper;URL:https://www.linkedin.com/in/grace;;'),
    ).toMatchObject({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      linkedin: 'https://www.linkedin.com/in/grace',
      website: '',
    })
  })

  it('finds no contact in other codes or a MECARD without a name', () => {
    expect(parseMeCard('https://example.com/menu')).toBeNull()
    expect(parseMeCard('MECARD:TEL:123;;')).toBeNull()
  })
})

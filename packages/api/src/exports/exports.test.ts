import { describe, expect, it } from 'vitest'
import { toCsv } from './csv.ts'
import { toVCard } from './vcard.ts'

describe('toCsv', () => {
  type Row = { name: string }
  const columns = [
    { header: 'Name', value: (row: Row) => row.name },
    { header: 'Count', value: () => 3 },
  ]

  async function csvOf(...batches: Row[][]): Promise<string> {
    let text = ''
    for await (const piece of toCsv(columns, batches)) text += piece
    return text
  }

  it('quotes commas, quotes and line breaks, and ends lines with CRLF', async () => {
    expect(await csvOf([{ name: 'Hopper, "Amazing" Grace\nUSN' }])).toBe(
      'Name,Count\r\n"Hopper, ""Amazing"" Grace\nUSN",3\r\n',
    )
  })

  it('writes the header alone for no rows, and rows read in batches one after another', async () => {
    expect(await csvOf()).toBe('Name,Count\r\n')
    expect(await csvOf([{ name: 'Ada' }], [{ name: 'Grace' }, { name: 'Hedy' }])).toBe(
      'Name,Count\r\nAda,3\r\nGrace,3\r\nHedy,3\r\n',
    )
  })

  it('defuses cells a spreadsheet would run as formulas', async () => {
    expect(await csvOf([{ name: '=HYPERLINK("http://evil")' }])).toContain(
      `"'=HYPERLINK(""http://evil"")"`,
    )
    expect(await csvOf([{ name: '+1 555 0100' }])).toContain("'+1 555 0100")
  })
})

describe('toVCard', () => {
  const contact = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@navy.example',
    mobile: '+1 555 0100',
    company: 'US Navy; Research',
    title: null,
    website: 'grace.example',
    linkedin: 'linkedin.com/in/grace',
    note: 'Met at Ideas Fest, talked about compilers\nFollow up in May',
  }

  it('writes a vCard 3.0 card with escaped values and full URLs', () => {
    const card = toVCard(contact)
    expect(card.split('\r\n').slice(0, 4)).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Hopper;Grace;;;',
      'FN:Grace Hopper',
    ])
    expect(card).toContain('ORG:US Navy\\; Research')
    expect(card).toContain('URL:https://grace.example')
    expect(card).toContain('X-SOCIALPROFILE;TYPE=linkedin:https://linkedin.com/in/grace')
    expect(card).toContain('NOTE:Met at Ideas Fest\\, talked about compilers\\nFollow up in May')
    expect(card).not.toContain('TITLE')
    expect(card.endsWith('END:VCARD')).toBe(true)
  })

  it('keeps CR, LF and CRLF line breaks in the note as line breaks', () => {
    expect(toVCard({ ...contact, note: 'Met\rFocus\nAI\r\nCall' })).toContain(
      'NOTE:Met\\nFocus\\nAI\\nCall\r\n',
    )
  })

  it('folds lines longer than 75 octets', () => {
    const card = toVCard({ ...contact, note: 'é'.repeat(100) })
    for (const line of card.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(card).toContain('\r\n é')
  })
})

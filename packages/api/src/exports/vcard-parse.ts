/** The new-person fields a contact card (.vcf, vCard 3.0 or 4.0) fills in. */
export type ImportedContact = {
  firstName: string
  lastName: string
  email: string
  mobile: string
  company: string
  linkedin: string
  website: string
}

type Property = { name: string; params: string; value: string }

/** Folded lines continue with a space or tab (RFC 6350 3.2). */
const unfold = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\n[ \t]/g, '')

const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, char: string) => (char.toLowerCase() === 'n' ? '\n' : char))

/** A structured value's parts (N, ORG), split at unescaped semicolons. */
const partsOf = (value: string) => value.split(/(?<!\\);/).map((part) => unescapeText(part).trim())

function propertiesOf(card: string): Property[] {
  return card.split('\n').flatMap((line) => {
    const colon = line.indexOf(':')
    if (colon < 0) return []
    const [nameWithGroup = '', ...params] = line.slice(0, colon).split(';')
    // 'item1.EMAIL' (Apple's grouping) is EMAIL.
    const name = nameWithGroup.replace(/^[\w-]+\./, '').toUpperCase()
    return [{ name, params: params.join(';').toUpperCase(), value: line.slice(colon + 1) }]
  })
}

/** The first contact card in a .vcf file, or null when there is none with a name. */
export function parseVCard(text: string): ImportedContact | null {
  const card = /BEGIN:VCARD\n([\s\S]*?)\nEND:VCARD/i.exec(unfold(text))?.[1]
  if (!card) return null
  const properties = propertiesOf(card)
  const first = (name: string, where: (property: Property) => boolean = () => true) =>
    properties.find((property) => property.name === name && where(property))

  const [lastName = '', firstName = ''] = partsOf(first('N')?.value ?? '')
  const fullName = unescapeText(first('FN')?.value ?? '').trim()
  const [fnFirst = '', ...fnRest] = fullName.split(/\s+/)
  const phone = first('TEL', (property) => property.params.includes('CELL')) ?? first('TEL')
  const urls = properties.filter((property) => property.name === 'URL')
  const isLinkedin = (property: Property) => /linkedin\.com/i.test(property.value)
  const linkedin =
    first(
      'X-SOCIALPROFILE',
      (property) => property.params.includes('LINKEDIN') || isLinkedin(property),
    ) ?? urls.find(isLinkedin)

  const contact: ImportedContact = {
    firstName: firstName || fnFirst,
    lastName: lastName || fnRest.join(' '),
    email: unescapeText(first('EMAIL')?.value ?? '').trim(),
    mobile: unescapeText(phone?.value ?? '')
      .replace(/^tel:/i, '')
      .trim(),
    company: partsOf(first('ORG')?.value ?? '')[0] ?? '',
    linkedin: unescapeText(linkedin?.value ?? '').trim(),
    website: unescapeText(urls.find((url) => !isLinkedin(url))?.value ?? '').trim(),
  }
  return contact.firstName || contact.lastName ? contact : null
}

// Letters NFKD does not take apart into a base letter and marks.
const LETTERS: Record<string, string> = {
  æ: 'ae',
  ð: 'd',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  ø: 'o',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
}

/**
 * A file name made of plain letters, digits and dashes, safe in any header and file system, with
 * accented letters kept readable: "José Müller-Lüdenscheidt" -> "jose-muller-ludenscheidt".
 */
export function fileNameOf(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[æðđħıłøœßþ]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug || 'connection'
}

import { describe, expect, it } from 'vitest'
import { fileNameOf } from './file-name.ts'

describe('fileNameOf', () => {
  it('keeps accented and special letters readable', () => {
    expect(fileNameOf('José Müller-Lüdenscheidt')).toBe('jose-muller-ludenscheidt')
    expect(fileNameOf('Łukasiewicz')).toBe('lukasiewicz')
    expect(fileNameOf('Straße Ørsted Æsir Œuvre')).toBe('strasse-orsted-aesir-oeuvre')
    // A decomposed é (e + combining acute), as macOS file systems write it.
    expect(fileNameOf('Rene\u0301e')).toBe('renee')
  })

  it('leaves nothing a header or file system could misread, falling back when empty', () => {
    expect(fileNameOf('../"evil"\r\nname')).toBe('evil-name')
    expect(fileNameOf('王小明')).toBe('connection')
  })
})

import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { cssVariablesResolver, theme } from './theme.ts'

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

const resolved = mergeMantineTheme(DEFAULT_THEME, theme)
const light = cssVariablesResolver(resolved).light

describe('text colours on white meet WCAG AA (4.5:1)', () => {
  it.each([
    ['dimmed text', light['--mantine-color-dimmed']],
    ['field errors', light['--mantine-color-error']],
    // The client's success notes (e.g. 'Logo uploaded successfully') use teal 9.
    ['success notes (teal 9)', resolved.colors.teal[9]],
  ])('%s', (_, colour) => {
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i)
    expect(contrastRatio(colour ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it('would catch the defaults it replaces', () => {
    expect(contrastRatio(resolved.colors.red[6], '#ffffff')).toBeLessThan(4.5)
    expect(contrastRatio(resolved.colors.teal[8], '#ffffff')).toBeLessThan(4.5)
  })
})

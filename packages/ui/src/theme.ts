import { createTheme, type CSSVariablesResolver } from '@mantine/core'

/** Indigo at shade 8 keeps white button text above a 4.5:1 contrast ratio. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 44 } },
    // A dialog's close button is an icon: give it a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine's grey for a toast's text under its title is below 4.5:1 on white.
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
})

/**
 * Mantine's default dimmed grey and error red (red 6, 3.3:1) are too faint on white for text such as
 * field errors; darker shades pass AA's 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-error': resolved.colors.red[9],
  },
  dark: {},
})

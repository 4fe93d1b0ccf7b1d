import { createTheme, type CSSVariablesResolver } from '@mantine/core'

const TAP_TARGET = '44px'

/** Indigo at shade 8 keeps white button text above a 4.5:1 contrast ratio. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  components: {
    // One size for every control: 44 px tall (the touch-target goal), 16 px text (no zoom on iOS),
    // labels at 14 px. Screens pick variants and colours, never sizes.
    Button: {
      defaultProps: { size: 'md' },
      vars: () => ({
        root: { '--button-height': TAP_TARGET, '--button-padding-x': 'var(--mantine-spacing-sm)' },
      }),
    },
    ActionIcon: { defaultProps: { size: 44 } },
    CloseButton: { defaultProps: { size: 44 } },
    Input: {
      defaultProps: { size: 'md' },
      vars: () => ({ wrapper: { '--input-height': TAP_TARGET } }),
    },
    InputWrapper: {
      defaultProps: { size: 'md' },
      vars: () => ({ label: { '--input-label-size': 'var(--mantine-font-size-sm)' } }),
    },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: {
      defaultProps: { size: 'md', rightSectionWidth: TAP_TARGET },
      // The show/hide toggle is sized from the field by Mantine, to 28 px.
      styles: { visibilityToggle: { width: TAP_TARGET, height: TAP_TARGET } },
    },
    Textarea: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    // The box and its label are one target: the label grows to 44 px.
    Checkbox: { styles: { body: { alignItems: 'center' }, label: { paddingBlock: 12 } } },
    Switch: { styles: { body: { alignItems: 'center' }, label: { paddingBlock: 12 } } },
    SegmentedControl: {
      defaultProps: { size: 'md' },
      styles: {
        label: {
          minHeight: TAP_TARGET,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        },
      },
    },
    // Every link in the app stands on its own (none sits inside running text).
    Anchor: {
      styles: { root: { display: 'inline-flex', alignItems: 'center', minHeight: TAP_TARGET } },
    },
    Menu: { styles: { item: { minHeight: TAP_TARGET } } },
    // A dialog's close button is an icon: give it a name for screen readers. Narrow margins so a
    // 360 px phone keeps most of its width for the dialog.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' }, xOffset: 8 },
    },
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

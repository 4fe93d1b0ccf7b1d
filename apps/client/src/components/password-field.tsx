import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { useState } from 'react'

type Props = Omit<PasswordInputProps, 'visible' | 'onVisibilityChange' | 'label'> & {
  label: string
}

/** A password input whose show/hide toggle is reachable by keyboard and says what it does. */
export function PasswordField(props: Props) {
  const [isVisible, setIsVisible] = useState(false)
  return (
    <PasswordInput
      {...props}
      visible={isVisible}
      onVisibilityChange={setIsVisible}
      visibilityToggleButtonProps={{
        'aria-label': `${isVisible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`,
        tabIndex: 0,
      }}
    />
  )
}

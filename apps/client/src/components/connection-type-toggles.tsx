import { connectionTypeInfo } from '@fiveconnect/ui'
import { CONNECTION_TYPES, type ConnectionType } from '@fiveconnect/api/schemas'
import { Button, Group, Input, Stack } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { useId } from 'react'

/** The known types among stored ones, in the framework's order. */
export function knownConnectionTypes(types: readonly string[]): ConnectionType[] {
  return CONNECTION_TYPES.filter((type) => types.includes(type))
}

type Props = {
  value: readonly string[]
  onChange: (types: ConnectionType[]) => void
  label?: string
  withAsterisk?: boolean
}

/** One toggle button per connection type: a single tap picks or drops a type. */
export function ConnectionTypeToggles({
  value,
  onChange,
  label = 'Connection Types',
  withAsterisk = false,
}: Props) {
  const labelId = useId()
  const toggle = (type: ConnectionType) =>
    onChange(
      value.includes(type)
        ? CONNECTION_TYPES.filter((key) => key !== type && value.includes(key))
        : CONNECTION_TYPES.filter((key) => key === type || value.includes(key)),
    )
  return (
    <div role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} required={withAsterisk} mb={6}>
        {label}
      </Input.Label>
      {/* One column: every label fits on one line at 360 px, and each row is a full-width target. */}
      <Stack gap={6}>
        {CONNECTION_TYPES.map((type) => {
          const info = connectionTypeInfo(type)
          const Icon = info?.icon
          const isOn = value.includes(type)
          return (
            <Button
              key={type}
              type="button"
              // Tinted with a tick when picked: filled would compete with the screen's primary
              // button, and white on orange or pink is under 4.5:1.
              variant={isOn ? 'light' : 'default'}
              color={info?.color ?? 'gray'}
              aria-pressed={isOn}
              onClick={() => toggle(type)}
              rightSection={isOn ? <IconCheck size={18} aria-hidden /> : undefined}
              justify="space-between"
              fullWidth
            >
              <Group component="span" gap="xs" wrap="nowrap">
                {Icon && <Icon size={18} aria-hidden />}
                {info?.label ?? type}
              </Group>
            </Button>
          )
        })}
      </Stack>
    </div>
  )
}

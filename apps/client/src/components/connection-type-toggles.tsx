import { connectionTypeInfo } from '@fiveconnect/ui'
import { CONNECTION_TYPES, type ConnectionType } from '@fiveconnect/api/schemas'
import { Button, Input, SimpleGrid } from '@mantine/core'
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
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
        {CONNECTION_TYPES.map((type) => {
          const info = connectionTypeInfo(type)
          const Icon = info?.icon
          const isOn = value.includes(type)
          return (
            // Grows with its label: on a phone 'Inner Circle Connection' takes three lines, and
            // Mantine's fixed height and hidden overflow would cut it off.
            <Button
              key={type}
              type="button"
              h="auto"
              mih={48}
              py={6}
              px="sm"
              variant={isOn ? 'filled' : 'light'}
              color={info?.color ?? 'gray'}
              aria-pressed={isOn}
              onClick={() => toggle(type)}
              leftSection={Icon ? <Icon size={18} aria-hidden /> : undefined}
              justify="flex-start"
              styles={{
                label: {
                  whiteSpace: 'normal',
                  overflow: 'visible',
                  height: 'auto',
                  textAlign: 'left',
                  lineHeight: 1.15,
                },
              }}
            >
              {info?.label ?? type}
            </Button>
          )
        })}
      </SimpleGrid>
    </div>
  )
}

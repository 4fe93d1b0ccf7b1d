import { Badge, Group, Text } from '@mantine/core'
import { connectionTypeInfo } from './connection-types.tsx'

type Props = {
  types: readonly string[]
  /** Shown when the list is empty; nothing is rendered when left out. */
  emptyText?: string
}

/** Short icon chips, one per connection type, with the full label for screen readers and on hover. */
export function ConnectionTypeChips({ types, emptyText }: Props) {
  if (types.length === 0) {
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null
  }
  return (
    <Group gap={4} wrap="wrap">
      {types.map((key) => {
        const info = connectionTypeInfo(key)
        const Icon = info?.icon
        return (
          <Badge
            key={key}
            variant="light"
            color={info?.color ?? 'gray'}
            leftSection={Icon ? <Icon size={12} aria-hidden /> : undefined}
            title={info?.label ?? key}
            aria-label={info?.label ?? key}
          >
            {key}
          </Badge>
        )
      })}
    </Group>
  )
}

import { Card, Group, Loader, Text } from '@mantine/core'
import { memo, type ReactNode } from 'react'

type Props = {
  label: string
  /** undefined while loading. */
  value: number | undefined
  icon?: ReactNode
}

/**
 * A figure with its label under it, full width, so a two-word label stays on one line in a
 * two-column grid at 360 px. `data-stat-label` lets the layout check find the label.
 */
export const StatCard = memo(function StatCard({ label, value, icon }: Props) {
  return (
    <Card withBorder radius="lg" padding="md" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="center" mih={36}>
        {value === undefined ? (
          <Loader size="sm" aria-label={`Loading ${label}`} />
        ) : (
          <Text fz={28} fw={800} lh={1.2}>
            {value}
          </Text>
        )}
        {icon}
      </Group>
      <Text size="sm" data-stat-label>
        {label}
      </Text>
    </Card>
  )
})

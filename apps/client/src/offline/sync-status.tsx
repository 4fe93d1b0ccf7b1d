import { Badge, Group, Paper, Text } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'
import { formatTime } from '../lib/format.ts'
import { trpc } from '../lib/trpc.ts'
import { useWaitingConnections } from './outbox.ts'
import { useIsOnline } from '../lib/connectivity.ts'

/**
 * Under the header, when there is something to say: offline, with how fresh the data shown is,
 * and how many connections wait on this device to sync.
 */
export function SyncStatus() {
  const isOnline = useIsOnline()
  const waiting = useWaitingConnections().length
  // Reads the cached list's age without fetching it.
  const { dataUpdatedAt } = trpc.connections.list.useQuery(undefined, { enabled: false })
  if (isOnline && waiting === 0) return null
  return (
    <Paper
      role="status"
      withBorder
      radius="md"
      px="sm"
      py={6}
      mb="sm"
      bg={isOnline ? 'var(--mantine-color-body)' : 'var(--mantine-color-gray-1)'}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        {isOnline ? (
          <Text size="sm">Syncing your saved connections...</Text>
        ) : (
          <Group gap={6} wrap="nowrap">
            <IconCloudOff size={18} aria-hidden />
            <Text size="sm">
              <b>Offline</b>
              {dataUpdatedAt > 0 && ` · data from ${formatTime(new Date(dataUpdatedAt))}`}
            </Text>
          </Group>
        )}
        {waiting > 0 && (
          <Badge variant="filled" color="indigo.9" style={{ flexShrink: 0 }}>
            {waiting} waiting
          </Badge>
        )}
      </Group>
    </Paper>
  )
}

import { ConnectionTypeChips } from '@fiveconnect/ui'
import { Badge, Group, Stack, Text, Title } from '@mantine/core'
import { useConnections } from '../api/connections.ts'
import { formatDate } from '../lib/format.ts'

type Meeting = {
  id: string
  personId: string
  createdAt: Date
  connectionTypes: string[]
  event: { title: string } | null
}

/** Every time the user met this connection's person, across events, newest first. */
export function MeetingTimeline({ connection }: { connection: Meeting }) {
  const connections = useConnections()
  const meetings = (connections.data ?? [])
    .filter((other) => other.personId === connection.personId)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  if (meetings.length < 2) return null
  return (
    <Stack gap={4} component="section" aria-labelledby={`met-${connection.id}`}>
      <Title order={3} size="h6" id={`met-${connection.id}`}>
        Times You Met ({meetings.length})
      </Title>
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {meetings.map((meeting) => (
          <li key={meeting.id} aria-current={meeting.id === connection.id || undefined}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" miw={92}>
                {formatDate(meeting.createdAt)}
              </Text>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text component="div" size="sm" fw={600}>
                  {meeting.event ? meeting.event.title || 'Unknown Event' : 'Personal connection'}
                  {meeting.id === connection.id && (
                    <Badge ml={6} size="sm" variant="light">
                      This one
                    </Badge>
                  )}
                </Text>
                <ConnectionTypeChips types={meeting.connectionTypes} />
              </Stack>
            </Group>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}

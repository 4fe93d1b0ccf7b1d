import { CONNECTION_TYPES } from '@fiveconnect/api/schemas'
import { ConnectionTypeChips, PersonAvatar } from '@fiveconnect/ui'
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import type { ConnectionItem } from '../../../api/router-types.ts'
import { fullNameOf } from '../../../lib/format.ts'
import { trpc } from '../../../lib/trpc.ts'
import { ConnectionDetailsDialog, VerifiedMark } from './connection-details-dialog.tsx'
import {
  ALL,
  avatarSourcesOf,
  eventTitleOf,
  groupConnections,
  type ConnectionGroup,
} from './connection-groups.ts'
import { EditConnectionDialog } from './edit-connection-dialog.tsx'

export function ConnectionsScreen() {
  const connections = trpc.connections.list.useQuery()
  const events = trpc.events.list.useQuery()
  const { eventId = ALL } = useSearch({ from: '/_authed/connections' })
  const navigate = useNavigate({ from: '/connections' })
  const [type, setType] = useState<string>(ALL)
  // Ids, not copies, so the dialogs show the refreshed connection after a change.
  const [viewingId, setViewingId] = useState<string | null>(null)
  const [editingId, setEditingId] = useState<string | null>(null)
  const find = (id: string | null) => connections.data?.find((item) => item.id === id) ?? null

  const setEventFilter = (value: string) =>
    void navigate({ search: value === ALL ? {} : { eventId: value }, replace: true })

  const groups = groupConnections(connections.data ?? [], { eventId, type })

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Your Connections
        </Title>
        <Button
          renderRoot={(props) => (
            <Link {...props} to="/add-connection" search={eventId === ALL ? {} : { eventId }} />
          )}
          leftSection={<IconPlus size={18} aria-hidden />}
          h={44}
          style={{ flexShrink: 0 }}
        >
          Add Connection
        </Button>
      </Group>

      <NativeSelect
        label="Event"
        value={eventId}
        onChange={(event) => setEventFilter(event.currentTarget.value)}
        data={[
          { value: ALL, label: 'All Events' },
          ...(events.data ?? []).map((event) => ({ value: event.id, label: eventTitleOf(event) })),
        ]}
      />
      <TypeFilter value={type} onChange={setType} />

      {connections.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading connections" />
        </Group>
      ) : connections.isError ? (
        <Alert color="red" title="Connections could not be loaded">
          Please check your connection and try again.
        </Alert>
      ) : groups.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {type === ALL ? 'No connections found.' : `No ${type} connections found.`}
        </Text>
      ) : (
        groups.map((group) => (
          <EventGroupCard key={group.key} group={group} onOpen={setViewingId} />
        ))
      )}

      <ConnectionDetailsDialog
        connection={find(viewingId)}
        onClose={() => setViewingId(null)}
        onEdit={(connection) => {
          setViewingId(null)
          setEditingId(connection.id)
        }}
      />
      <EditConnectionDialog connection={find(editingId)} onClose={() => setEditingId(null)} />
    </Stack>
  )
}

function TypeFilter({ value, onChange }: { value: string; onChange: (type: string) => void }) {
  return (
    <ScrollArea type="never" aria-label="Filter by connection type">
      <Group gap="xs" wrap="nowrap" role="group" aria-label="Connection type">
        {[ALL, ...CONNECTION_TYPES].map((type) => (
          <Button
            key={type}
            h={44}
            miw={56}
            px="sm"
            variant={value === type ? 'filled' : 'default'}
            aria-pressed={value === type}
            onClick={() => onChange(type)}
            style={{ flexShrink: 0 }}
          >
            {type === ALL ? 'All Types' : type}
          </Button>
        ))}
      </Group>
    </ScrollArea>
  )
}

function EventGroupCard({
  group,
  onOpen,
}: {
  group: ConnectionGroup
  onOpen: (id: string) => void
}) {
  return (
    <Card withBorder radius="lg" padding="sm" component="section" aria-label={group.title}>
      <Title order={2} size="h5" mb="xs" px={4}>
        {group.title}
      </Title>
      <Stack gap={4}>
        {group.connections.map((connection) => (
          <ConnectionRow
            key={connection.id}
            connection={connection}
            onOpen={() => onOpen(connection.id)}
          />
        ))}
      </Stack>
    </Card>
  )
}

function ConnectionRow({ connection, onOpen }: { connection: ConnectionItem; onOpen: () => void }) {
  const { person } = connection
  const name = fullNameOf(person)
  return (
    // Named by what it shows (WCAG 2.5.3, label in name), so speech users can say what they see.
    <UnstyledButton
      onClick={onOpen}
      p={6}
      mih={56}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {/* The name is written next to it, so the picture adds nothing to the row's name. */}
        <PersonAvatar sources={avatarSourcesOf(connection)} name={name} alt="" radius="xl" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} truncate>
              {name}
            </Text>
            {person.hasUserProfile && <VerifiedMark />}
          </Group>
          {person.company && (
            <Text size="sm" c="dimmed" truncate>
              {person.company}
            </Text>
          )}
          <ConnectionTypeChips types={connection.connectionTypes} />
          {connection.connectionFocus && (
            <Text size="sm" lineClamp={2}>
              {connection.connectionFocus}
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  )
}

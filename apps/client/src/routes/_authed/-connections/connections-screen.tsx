import { CONNECTION_SEARCH_MIN_LENGTH, CONNECTION_TYPES } from '@fiveconnect/api/schemas'
import { ConnectionTypeChips, PersonAvatar } from '@fiveconnect/ui'
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconPlus, IconSearch } from '@tabler/icons-react'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useConnectionPages } from '../../../api/connections.ts'
import { itemsOf, LoadingMoreRow } from '../../../api/pages.tsx'
import type { ConnectionItem } from '../../../api/router-types.ts'
import { fullNameOf } from '../../../lib/format.ts'
import { avatarSourcesOf } from '../../../lib/avatar-sources.ts'
import {
  ConnectionDetailsDialog,
  VerifiedMark,
} from '../../../components/connection-details-dialog.tsx'
import { ALL, eventTitleOf, groupConnections, type ConnectionGroup } from './connection-groups.ts'
import { WaitingConnections } from '../../../offline/waiting-connections.tsx'
import { EditConnectionDialog } from './edit-connection-dialog.tsx'
import { SearchResults } from './search-results.tsx'
import { useVirtualRows } from '../../../components/virtual-list.tsx'
import { useEvents } from '../../../api/events.ts'

const SEARCH_DEBOUNCE_MS = 300

export function ConnectionsScreen() {
  const {
    eventId = ALL,
    q = '',
    connection: linkedId,
  } = useSearch({ from: '/_authed/connections' })
  const [type, setType] = useState<TypeFilterValue>(ALL)
  const [isFollowUpOnly, setFollowUpOnly] = useState(false)
  // Absent rather than blank: the unfiltered list is then the query prefetched for offline use.
  const filters = {
    ...(eventId !== ALL && { eventId }),
    ...(type !== ALL && { type }),
    ...(isFollowUpOnly && { needsFollowUp: true }),
  }
  const connections = useConnectionPages(filters)
  const loaded = useMemo(() => itemsOf(connections.data), [connections.data])
  const events = useEvents()
  const navigate = useNavigate({ from: '/connections' })
  const [searchText, setSearchText] = useState(q)
  const [query] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const isSearching = query.length >= CONNECTION_SEARCH_MIN_LENGTH
  // Ids, not copies, so the dialogs show the refreshed connection after a change.
  const [viewingId, setViewingId] = useState<string | null>(linkedId ?? null)
  const [editingId, setEditingId] = useState<string | null>(null)
  const find = (id: string | null) => loaded.find((item) => item.id === id) ?? null

  // Closing the connection a link opened leaves the link's address, so Back or a reload does not
  // open it again.
  const closeDetails = () => {
    setViewingId(null)
    if (linkedId) {
      void navigate({
        search: (previous) => ({ ...previous, connection: undefined }),
        replace: true,
      })
    }
  }

  const setEventFilter = (value: string) =>
    void navigate({
      search: (previous) => ({ ...previous, eventId: value === ALL ? undefined : value }),
      replace: true,
    })

  // The search text lives in ?q= too, so Back, reloads and links from Home keep it.
  useEffect(() => {
    if (query === q) return
    void navigate({
      search: (previous) => ({ ...previous, q: query || undefined }),
      replace: true,
    })
  }, [query, q, navigate])

  const groups = useMemo(() => groupConnections(loaded), [loaded])

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
          style={{ flexShrink: 0 }}
        >
          Add Connection
        </Button>
      </Group>

      <WaitingConnections />

      <TextInput
        type="search"
        label="Search connections"
        description="Name, company, email, focus, notes, voice note or event"
        placeholder="e.g. fintech person from the keynote"
        leftSection={<IconSearch size={18} aria-hidden />}
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        autoComplete="off"
      />
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
      <Switch
        label="Needs follow-up"
        checked={isFollowUpOnly}
        onChange={(event) => setFollowUpOnly(event.currentTarget.checked)}
      />

      {isSearching ? (
        <SearchResults query={query} filters={filters} onOpen={setViewingId} />
      ) : connections.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading connections" />
        </Group>
      ) : connections.isError ? (
        <Alert color="red" title="Connections could not be loaded">
          Please check your connection and try again.
        </Alert>
      ) : groups.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {isFollowUpOnly
            ? 'No connections need a follow-up.'
            : type === ALL
              ? 'No connections found.'
              : `No ${type} connections found.`}
        </Text>
      ) : (
        <ConnectionGroupList groups={groups} onOpen={setViewingId} />
      )}
      {!isSearching && <LoadingMoreRow query={connections} />}

      <ConnectionDetailsDialog
        connection={find(viewingId)}
        onClose={closeDetails}
        onEdit={(connection) => {
          closeDetails()
          setEditingId(connection.id)
        }}
      />
      <EditConnectionDialog connection={find(editingId)} onClose={() => setEditingId(null)} />
    </Stack>
  )
}

type TypeFilterValue = (typeof CONNECTION_TYPES)[number] | typeof ALL

function TypeFilter({
  value,
  onChange,
}: {
  value: TypeFilterValue
  onChange: (type: TypeFilterValue) => void
}) {
  return (
    // Wraps rather than scrolls sideways: every type stays in sight on a narrow phone.
    <Group gap="xs" role="group" aria-label="Connection type">
      {[ALL, ...CONNECTION_TYPES].map((type) => (
        <Button
          key={type}
          miw={56}
          variant={value === type ? 'light' : 'default'}
          aria-pressed={value === type}
          onClick={() => onChange(type)}
        >
          {type === ALL ? 'All Types' : type}
        </Button>
      ))}
    </Group>
  )
}

type ListRow = { key: string; group: ConnectionGroup; connection?: ConnectionItem }

/**
 * The groups' rows, virtualised (useVirtualRows); each group's rows in view stay in a region named
 * by its event.
 */
function ConnectionGroupList({
  groups,
  onOpen,
}: {
  groups: ConnectionGroup[]
  onOpen: (id: string) => void
}) {
  const rows = useMemo(
    () =>
      groups.flatMap((group): ListRow[] => [
        { key: `title-${group.key}`, group },
        ...group.connections.map((connection) => ({ key: connection.id, group, connection })),
      ]),
    [groups],
  )
  const {
    listRef,
    rows: items,
    style,
    measureElement,
  } = useVirtualRows({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.connection ? ROW_HEIGHT : TITLE_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? String(index),
  })
  const sections: { group: ConnectionGroup; items: typeof items }[] = []
  for (const item of items) {
    const group = rows[item.index]?.group
    if (!group) continue
    const last = sections.at(-1)
    if (last?.group === group) last.items.push(item)
    else sections.push({ group, items: [item] })
  }
  return (
    <div ref={listRef} style={style}>
      {sections.map(({ group, items: shown }) => (
        <section key={group.key} aria-label={group.title}>
          {shown.map((item) => {
            const row = rows[item.index]
            return (
              <div key={item.key} data-index={item.index} ref={measureElement}>
                {row?.connection ? (
                  <ConnectionRow
                    connection={row.connection}
                    onOpen={() => row.connection && onOpen(row.connection.id)}
                  />
                ) : (
                  <Title order={2} size="h5" pt="md" pb="xs" px={4}>
                    {group.title}
                  </Title>
                )}
              </div>
            )
          })}
        </section>
      ))}
    </div>
  )
}

// First guesses, corrected by measuring each row once it is shown.
const ROW_HEIGHT = 88
const TITLE_HEIGHT = 48

function ConnectionRow({ connection, onOpen }: { connection: ConnectionItem; onOpen: () => void }) {
  const { person } = connection
  const name = fullNameOf(person)
  return (
    // Named by what it shows (WCAG 2.5.3, label in name), so speech users can say what they see.
    <UnstyledButton
      onClick={onOpen}
      w="100%"
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

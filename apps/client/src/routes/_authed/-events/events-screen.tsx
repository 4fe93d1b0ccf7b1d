import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconCalendar, IconClock, IconMapPin, IconSearch, IconUsers } from '@tabler/icons-react'
import type { EventFilter } from '@fiveconnect/api/schemas'
import { useDebouncedValue } from '@mantine/hooks'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { EventItem } from '../../../api/router-types.ts'
import { useEventPages, useJoinEvent, useLeaveEvent } from '../../../api/events.ts'
import { itemsOf, LoadingMoreRow } from '../../../api/pages.tsx'
import { VirtualList } from '../../../components/virtual-list.tsx'
import { byEventOrder, isUpcoming } from '../../../lib/events.ts'
import { formatDate, formatTime } from '../../../lib/format.ts'
import { toast } from '../../../lib/toast.ts'
import { serverMessageOr } from '../../../lib/api-errors.ts'

const SEARCH_DEBOUNCE_MS = 250

export function EventsScreen() {
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [filter, setFilter] = useState<EventFilter>('all')
  // The server searches and filters (SPEC section 2's rules) before it pages. Absent rather than
  // blank: the unfiltered list is then the one the event pickers load.
  const events = useEventPages({
    ...(debouncedSearch && { search: debouncedSearch }),
    ...(filter !== 'all' && { filter }),
  })
  const now = new Date()
  const shown = byEventOrder(itemsOf(events.data), now)

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Events
      </Title>
      <TextInput
        aria-label="Search events"
        placeholder="Search events..."
        leftSection={<IconSearch size={18} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <SegmentedControl<EventFilter>
        fullWidth
        value={filter}
        onChange={setFilter}
        data={[
          { value: 'all', label: 'All' },
          { value: 'upcoming', label: 'Upcoming' },
          { value: 'attended', label: 'Attended' },
        ]}
        aria-label="Filter events"
      />
      {events.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading events" />
        </Group>
      ) : events.isError ? (
        <Alert color="red" title="Events could not be loaded">
          Please check your connection and try again.
        </Alert>
      ) : shown.length === 0 && !events.hasNextPage ? (
        <Text c="dimmed" ta="center" py="xl">
          {debouncedSearch ? 'No events found matching your search.' : 'No events found.'}
        </Text>
      ) : (
        <VirtualList items={shown} getKey={(event) => event.id} estimatedHeight={260} gap={12}>
          {(event) => <EventCard event={event} isUpcoming={isUpcoming(event, now)} />}
        </VirtualList>
      )}
      <LoadingMoreRow query={events} />
    </Stack>
  )
}

function EventCard({ event, isUpcoming }: { event: EventItem; isUpcoming: boolean }) {
  const time = event.endDateTime
    ? `${formatTime(event.startDateTime)} – ${formatTime(event.endDateTime)}`
    : formatTime(event.startDateTime)
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={event.title}>
      <Stack gap="sm">
        <Group wrap="nowrap" align="flex-start">
          <Avatar src={event.logoUrl} alt="" radius="md" size={48} color="indigo">
            <IconCalendar size={24} aria-hidden />
          </Avatar>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h4">
              {event.title}
            </Title>
            <Group gap={6}>
              <Badge color={isUpcoming ? 'indigo' : 'gray'} variant="light">
                {isUpcoming ? 'Upcoming' : 'Past'}
              </Badge>
              {event.isJoined && (
                <Badge color="teal" variant="light">
                  Joined
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {event.description && <Text size="sm">{event.description}</Text>}
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">{formatDate(event.startDateTime)}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text size="sm">{time}</Text>
          </Group>
          {event.location && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{event.location}</Text>
            </Group>
          )}
          <Group gap={6} wrap="nowrap">
            <IconUsers size={16} aria-hidden />
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link {...props} to="/connections" search={{ eventId: event.id }} />
              )}
            >
              {event.connectionCount === 1
                ? '1 connection'
                : `${event.connectionCount} connections`}
            </Anchor>
          </Group>
        </Stack>
        <AttendanceActions event={event} />
      </Stack>
    </Card>
  )
}

function AttendanceActions({ event }: { event: EventItem }) {
  const join = useJoinEvent()
  const leave = useLeaveEvent()

  if (!event.isJoined) {
    return (
      <Button
        disabled={join.isPending}
        onClick={() =>
          join.mutate(
            { id: event.id },
            {
              onSuccess: () =>
                toast.success('Event Joined', 'You have successfully joined the event.'),
              onError: (error) =>
                toast.error(
                  'Failed to Join Event',
                  serverMessageOr(error, 'An error occurred while joining the event.'),
                ),
            },
          )
        }
      >
        {join.isPending ? 'Joining...' : 'Join'}
      </Button>
    )
  }
  return (
    // Sized by their labels, so "Add Connection" is not cut off on a phone.
    <Group grow preventGrowOverflow={false} gap="sm">
      <Button
        renderRoot={(props) => (
          <Link {...props} to="/add-connection" search={{ eventId: event.id }} />
        )}
      >
        Add Connection
      </Button>
      <Button
        variant="default"
        disabled={leave.isPending}
        onClick={() =>
          leave.mutate(
            { id: event.id },
            {
              onSuccess: () => toast.success('Event Left', 'You have left the event.'),
              onError: (error) =>
                toast.error(
                  'Failed to Leave Event',
                  serverMessageOr(error, 'An error occurred while leaving the event.'),
                ),
            },
          )
        }
      >
        {leave.isPending ? 'Leaving...' : 'Leave'}
      </Button>
    </Group>
  )
}

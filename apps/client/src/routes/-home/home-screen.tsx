import { ConnectionTypeChips, PersonAvatar } from '@fiveconnect/ui'
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { IconCalendar, IconChevronRight, IconPlus } from '@tabler/icons-react'
import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, memo, Suspense, useState } from 'react'
import { useCurrentUser } from '../../api/auth.ts'
import { useJoinedEvents } from '../../api/events.ts'
import { useHomeSummary } from '../../api/home.ts'
import type { HomeSummary, JoinedEvent } from '../../api/router-types.ts'
import { avatarSourcesOf } from '../../lib/avatar-sources.ts'
import { StatCard } from '../../components/stat-card.tsx'
import { isUpcoming } from '../../lib/events.ts'
import { formatDate, fullNameOf } from '../../lib/format.ts'
import { WaitingConnections } from '../../offline/waiting-connections.tsx'
import { FollowUpsCard } from './follow-ups-card.tsx'
import { HomeSearch } from './home-search.tsx'

// Opened from a recent connection only: it (with Modal and the voice note player) loads with the
// first one opened, and stays mounted after for its closing transition.
const ConnectionDetailsDialog = lazy(() =>
  import('../../components/connection-details-dialog.tsx').then((module) => ({
    default: module.ConnectionDetailsDialog,
  })),
)

export function HomeScreen() {
  const { user } = useCurrentUser()
  const summary = useHomeSummary()
  const isNewAccount = useRouterState({ select: (state) => state.location.state.isNewAccount })
  const joinedEvents = useJoinedEvents()
  const now = new Date()
  const attendedCount = (joinedEvents.data ?? []).filter((event) => !isUpcoming(event, now)).length

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {isNewAccount ? 'Welcome to FiveConnect' : 'Welcome back'}
        {user ? `, ${user.firstName}` : ''}
      </Title>

      <HomeSearch />

      <SimpleGrid cols={2} spacing="sm">
        <StatCard label="Total Connections" value={summary.data?.totalConnections} />
        <StatCard label="Events Attended" value={joinedEvents.data ? attendedCount : undefined} />
      </SimpleGrid>

      <AddConnectionCard />

      <WaitingConnections />

      <FollowUpsCard
        followUps={summary.data?.followUpsDue}
        isPending={summary.isPending}
        isError={summary.isError}
      />

      <YourEvents
        events={joinedEvents.data}
        isPending={joinedEvents.isPending}
        isError={joinedEvents.isError}
      />

      {summary.data && summary.data.sharedWithYou.length > 0 && (
        <RecentConnections
          title="Shared with you"
          headingId="shared-with-you"
          showEvent
          connections={summary.data.sharedWithYou}
          isPending={false}
          isError={false}
        />
      )}

      <RecentConnections
        title="Recent Connections"
        headingId="recent"
        connections={summary.data?.recentConnections}
        isPending={summary.isPending}
        isError={summary.isError}
      />
    </Stack>
  )
}

// Home renders again whenever one of its queries or the router's state changes, several times while
// the first screen settles; memo keeps those renders to the sections whose data changed.

const AddConnectionCard = memo(function AddConnectionCard() {
  return (
    <Card
      component={Link}
      to="/add-connection"
      withBorder
      radius="lg"
      padding="md"
      bg="indigo.8"
      c="white"
    >
      <Group wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="white" aria-hidden>
          <IconPlus size={24} />
        </ThemeIcon>
        <Stack gap={0} style={{ flex: 1 }}>
          <Text fw={700} size="lg">
            Add Connection
          </Text>
          <Text size="sm">Record someone you just met</Text>
        </Stack>
        <IconChevronRight aria-hidden />
      </Group>
    </Card>
  )
})

const YourEvents = memo(function YourEvents({
  events,
  isPending,
  isError,
}: {
  events: JoinedEvent[] | undefined
  isPending: boolean
  isError: boolean
}) {
  const now = new Date()
  const upcoming = (events ?? [])
    .filter((event) => isUpcoming(event, now))
    .sort((a, b) => a.startDateTime.getTime() - b.startDateTime.getTime())
  return (
    <Stack gap="sm" component="section" aria-labelledby="your-events">
      <Title order={2} size="h3" id="your-events">
        Your Events
      </Title>
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <IconCalendar size={20} aria-hidden />
            <Text fw={700}>Upcoming</Text>
          </Group>
          {events && (
            <Badge variant="light" aria-label={`${upcoming.length} upcoming events`}>
              {upcoming.length}
            </Badge>
          )}
        </Group>
        {isPending ? (
          <Loader size="sm" aria-label="Loading events" />
        ) : isError ? (
          <Alert color="red">Your events could not be loaded.</Alert>
        ) : upcoming.length === 0 ? (
          <Text c="dimmed">No upcoming events</Text>
        ) : (
          <Stack gap="sm">
            {upcoming.map((event) => (
              <UpcomingEventRow key={event.id} event={event} />
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  )
})

function UpcomingEventRow({ event }: { event: JoinedEvent }) {
  return (
    <Group wrap="nowrap" gap="sm">
      <Avatar src={event.logoUrl} alt="" radius="md" color="indigo">
        <IconCalendar size={20} aria-hidden />
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} truncate>
          {event.title}
        </Text>
        <Text size="sm">{formatDate(event.startDateTime)}</Text>
      </Stack>
      <Badge color="teal" variant="light">
        Attending
      </Badge>
    </Group>
  )
}

type RecentConnection = HomeSummary['recentConnections'][number]

/**
 * The newest connections, newest first, as the summary answers them: those the user made, or
 * those whose person sent their details through the share page (with the event they landed on).
 */
const RecentConnections = memo(function RecentConnections({
  title,
  headingId,
  showEvent = false,
  connections,
  isPending,
  isError,
}: {
  title: string
  headingId: string
  showEvent?: boolean
  connections: HomeSummary['recentConnections'] | undefined
  isPending: boolean
  isError: boolean
}) {
  const [selected, setSelected] = useState<RecentConnection | null>(null)
  const [hasOpened, setHasOpened] = useState(false)
  if (selected && !hasOpened) setHasOpened(true)
  const recent = connections ?? []

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        <Button component={Link} to="/connections" variant="subtle" style={{ flexShrink: 0 }}>
          View All
        </Button>
      </Group>
      {isPending ? (
        <Loader size="sm" aria-label="Loading connections" />
      ) : isError ? (
        <Alert color="red">Your connections could not be loaded.</Alert>
      ) : recent.length === 0 ? (
        <Text c="dimmed">No connections yet</Text>
      ) : (
        <Stack gap={4}>
          {recent.map((connection) => (
            <UnstyledButton
              key={connection.id}
              onClick={() => setSelected(connection)}
              p="xs"
              mih={44}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group wrap="nowrap" gap="sm">
                <PersonAvatar
                  sources={avatarSourcesOf(connection)}
                  name={fullNameOf(connection.person)}
                  radius="xl"
                />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {fullNameOf(connection.person)}
                  </Text>
                  <ConnectionTypeChips types={connection.connectionTypes} />
                  {showEvent && connection.event && (
                    <Text size="sm" truncate>
                      at {connection.event.title}
                    </Text>
                  )}
                </Stack>
                <Text size="xs">{formatDate(connection.createdAt)}</Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      {hasOpened && (
        <Suspense fallback={null}>
          <ConnectionDetailsDialog connection={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </Card>
  )
})

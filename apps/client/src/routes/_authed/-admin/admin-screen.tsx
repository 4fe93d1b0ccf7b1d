import { CONNECTION_TYPE_LABELS, CONNECTION_TYPES } from '@fiveconnect/api/schemas'
import { connectionTypeInfo, LoadingScreen } from '@fiveconnect/ui'
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import {
  IconCalendarEvent,
  IconCalendarPlus,
  IconChartBar,
  IconDownload,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useCurrentUser } from '../../../api/auth.ts'
import type { AdminUser } from '../../../api/router-types.ts'
import { StatCard } from '../../../components/stat-card.tsx'
import { toast } from '../../../lib/toast.ts'
import { trpc } from '../../../lib/trpc.ts'
import { EditUserDialog } from './edit-user-dialog.tsx'
import { EventDialog, type EventDialogTarget } from './event-dialog.tsx'
import { ExportDialog } from './export-dialog.tsx'
import { ManageEventsDialog } from './manage-events-dialog.tsx'
import { ManageUsersDialog } from './manage-users-dialog.tsx'
import { useEvents } from '../../../api/events.ts'

export const ACCESS_DENIED_REDIRECT_MS = 1000

/** Admins get the dashboard; anyone else a spinner, 'Access Denied', and home after 1000 ms. */
export function AdminScreen() {
  const { user, isLoading } = useCurrentUser()
  const navigate = useNavigate()
  const isAdmin = user?.role === 'admin'

  useEffect(() => {
    if (isLoading || !user || isAdmin) return
    toast.error('Access Denied', 'Admin access required.')
    const timer = setTimeout(() => void navigate({ to: '/' }), ACCESS_DENIED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [isLoading, user, isAdmin, navigate])

  return isAdmin ? <AdminDashboard /> : <LoadingScreen />
}

type Panel = 'users' | 'events' | 'export' | null

function AdminDashboard() {
  const [panel, setPanel] = useState<Panel>(null)
  const [eventTarget, setEventTarget] = useState<EventDialogTarget>(null)
  const [editingUser, setEditingUser] = useState<AdminUser | null>(null)

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Admin Dashboard
          </Title>
          <Text c="dimmed">Manage events and users</Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => setPanel('export')}
        >
          Export Data
        </Button>
      </Group>

      <Stats />
      <TypesBreakdown />

      <Card withBorder radius="lg" padding="md" component="section" aria-label="Quick Actions">
        <Title order={2} size="h4" mb="sm">
          Quick Actions
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <QuickAction icon={IconCalendarPlus} onClick={() => setEventTarget('new')} isPrimary>
            Add New Event
          </QuickAction>
          <QuickAction icon={IconUsers} onClick={() => setPanel('users')}>
            Manage Users
          </QuickAction>
          <QuickAction icon={IconCalendarEvent} onClick={() => setPanel('events')}>
            Manage Events
          </QuickAction>
          <QuickAction icon={IconDownload} onClick={() => setPanel('export')}>
            Export All Data
          </QuickAction>
        </SimpleGrid>
      </Card>

      {/* One stack for the dialogs (each has a stackId): Escape, focus and the overlay belong to the
          top one only, so Escape in Edit User or a confirm leaves Manage Users open. */}
      <Modal.Stack>
        <ManageUsersDialog
          opened={panel === 'users'}
          onClose={() => setPanel(null)}
          onEdit={setEditingUser}
        />
        <EditUserDialog user={editingUser} onClose={() => setEditingUser(null)} />
        <ManageEventsDialog
          opened={panel === 'events'}
          onClose={() => setPanel(null)}
          onEdit={(event) => {
            setPanel(null)
            setEventTarget(event)
          }}
        />
        <EventDialog target={eventTarget} onClose={() => setEventTarget(null)} />
        <ExportDialog opened={panel === 'export'} onClose={() => setPanel(null)} />
      </Modal.Stack>
    </Stack>
  )
}

function QuickAction({
  icon: IconComponent,
  onClick,
  children,
  isPrimary = false,
}: {
  icon: Icon
  onClick: () => void
  children: string
  /** The screen's one primary action. */
  isPrimary?: boolean
}) {
  return (
    <Button
      variant={isPrimary ? 'filled' : 'default'}
      justify="flex-start"
      leftSection={<IconComponent size={20} aria-hidden />}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}

function Stats() {
  const stats = trpc.admin.stats.useQuery()
  const events = useEvents()
  const cards: { label: string; value: number | undefined; icon: Icon }[] = [
    { label: 'Total Users', value: stats.data?.totalUsers, icon: IconUsers },
    { label: 'Total Connections', value: stats.data?.totalConnections, icon: IconUsersGroup },
    { label: 'Active Events', value: events.data?.length, icon: IconCalendarEvent },
    { label: 'This Month', value: stats.data?.connectionsThisMonth, icon: IconChartBar },
  ]
  if (stats.isError) {
    return (
      <Alert color="red" title="Figures could not be loaded">
        Please check your connection and try again.
      </Alert>
    )
  }
  return (
    <SimpleGrid cols={2} spacing="sm">
      {cards.map(({ label, value, icon: IconComponent }) => (
        <StatCard
          key={label}
          label={label}
          value={value}
          icon={
            <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
              <IconComponent size={20} />
            </ThemeIcon>
          }
        />
      ))}
    </SimpleGrid>
  )
}

function TypesBreakdown() {
  const stats = trpc.admin.stats.useQuery()
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="section"
      aria-label="Connection Types Breakdown"
    >
      <Title order={2} size="h4" mb="sm">
        Connection Types Breakdown
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {CONNECTION_TYPES.map((type) => {
          const IconComponent = connectionTypeInfo(type)?.icon
          return (
            <Group key={type} component="li" justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon
                  variant="light"
                  color={connectionTypeInfo(type)?.color}
                  radius="md"
                  aria-hidden
                >
                  {IconComponent && <IconComponent size={16} />}
                </ThemeIcon>
                <Text size="sm">
                  {CONNECTION_TYPE_LABELS[type]} ({type})
                </Text>
              </Group>
              <Text fw={700}>{stats.data ? (stats.data.connectionTypes[type] ?? 0) : '–'}</Text>
            </Group>
          )
        })}
      </Stack>
    </Card>
  )
}

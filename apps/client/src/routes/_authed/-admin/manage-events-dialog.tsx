import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { EventItem } from '../../../api/router-types.ts'
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx'
import { formatDate, formatTime } from '../../../lib/format.ts'
import { toast } from '../../../lib/toast.ts'
import { useDeleteEvent } from './admin-mutations.ts'
import { AdminList } from './admin-list.tsx'
import { firstPage, itemsOf, LoadingMoreRow, nextPageOf } from '../../../api/pages.tsx'
import { trpc } from '../../../lib/trpc.ts'

type Props = { opened: boolean; onClose: () => void; onEdit: (event: EventItem) => void }

export function ManageEventsDialog({ opened, onClose, onEdit }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Manage Events"
      centered
      size="lg"
      stackId="manage-events"
    >
      {opened && <EventList onClose={onClose} onEdit={onEdit} />}
    </Modal>
  )
}

function EventList({
  onClose,
  onEdit,
}: {
  onClose: () => void
  onEdit: (event: EventItem) => void
}) {
  const events = trpc.events.list.useInfiniteQuery(firstPage, {
    getNextPageParam: nextPageOf,
    select: itemsOf,
  })
  const remove = useDeleteEvent()
  const [deleting, setDeleting] = useState<EventItem | null>(null)

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => toast.success('Event Deleted', `${deleting.title} has been deleted.`),
        onError: () =>
          toast.error('Failed to Delete Event', 'An error occurred while deleting the event.'),
        onSettled: () => setDeleting(null),
      },
    )
  }

  return (
    <Stack gap="md">
      <AdminList noun="events" query={events} footer={<LoadingMoreRow query={events} />}>
        {(event) => (
          <Card withBorder radius="md" padding="sm" component="article" aria-label={event.title}>
            <Stack gap={4}>
              <Text fw={600}>{event.title}</Text>
              {event.description && (
                <Text size="sm" lineClamp={2}>
                  {event.description}
                </Text>
              )}
              {event.location && <Text size="sm">{event.location}</Text>}
              <Text size="sm" c="dimmed">
                {formatDate(event.startDateTime)} at {formatTime(event.startDateTime)}
              </Text>
              <Group gap="xs" mt={4}>
                <Button variant="light" onClick={() => onEdit(event)}>
                  Edit
                </Button>
                <Button
                  variant="light"
                  color="red"
                  onClick={() => setDeleting(event)}
                  disabled={remove.isPending && deleting?.id === event.id}
                >
                  {remove.isPending && deleting?.id === event.id ? 'Deleting...' : 'Delete'}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </AdminList>
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Event"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"? This action cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        stackId="confirm-event-delete"
      />
    </Stack>
  )
}

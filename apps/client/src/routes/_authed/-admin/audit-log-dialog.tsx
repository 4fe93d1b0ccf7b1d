import { Button, Card, Modal, Stack, Text } from '@mantine/core'
import { firstPage, itemsOf, LoadingMoreRow, nextPageOf } from '../../../api/pages.tsx'
import type { AuditEventItem } from '../../../api/router-types.ts'
import { formatDate, formatTime } from '../../../lib/format.ts'
import { trpc } from '../../../lib/trpc.ts'
import { AdminList } from './admin-list.tsx'

const ACTION_LABELS: Record<AuditEventItem['action'], string> = {
  'user.role_changed': 'Role changed',
  'user.updated': 'User details updated',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'user.password_set': 'Password set',
  'event.deleted': 'Event deleted',
}

/** What admins did, newest first, a page at a time as it is scrolled. */
export function AuditLogDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Audit Log" centered size="lg" stackId="audit">
      <Stack gap="md">
        {opened && <AuditLog />}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  )
}

/** Mounted only while the dialog is open, so the log loads when it is opened. */
function AuditLog() {
  const log = trpc.admin.auditLog.useInfiniteQuery(firstPage, {
    getNextPageParam: nextPageOf,
    select: itemsOf,
  })
  return (
    <AdminList noun="audit events" query={log} footer={<LoadingMoreRow query={log} />}>
      {(event) => (
        <Card withBorder radius="md" padding="sm" component="article">
          <Text fw={600}>
            {ACTION_LABELS[event.action]}: {event.targetLabel}
          </Text>
          <Text size="sm" c="dimmed">
            By {event.actorEmail}, {formatDate(event.createdAt)} {formatTime(event.createdAt)}
          </Text>
        </Card>
      )}
    </AdminList>
  )
}

import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { firstPage, itemsOf, LoadingMoreRow, nextPageOf } from '../../../api/pages.tsx'
import type { AdminUser } from '../../../api/router-types.ts'
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx'
import { toast } from '../../../lib/toast.ts'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { trpc } from '../../../lib/trpc.ts'
import { useDeactivateUser, useReactivateUser } from './admin-mutations.ts'
import { AdminList } from './admin-list.tsx'

type Pending = { user: AdminUser; action: 'deactivate' | 'reactivate' }

type Props = { opened: boolean; onClose: () => void; onEdit: (user: AdminUser) => void }

export function ManageUsersDialog({ opened, onClose, onEdit }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Manage Users"
      centered
      size="lg"
      stackId="manage-users"
    >
      {opened && <UserList onClose={onClose} onEdit={onEdit} />}
    </Modal>
  )
}

/** Mounted only while the dialog is open, so the user list loads when the panel is opened. */
function UserList({ onClose, onEdit }: { onClose: () => void; onEdit: (user: AdminUser) => void }) {
  const users = trpc.admin.listUsers.useInfiniteQuery(firstPage, {
    getNextPageParam: nextPageOf,
    select: itemsOf,
  })
  const deactivate = useDeactivateUser()
  const reactivate = useReactivateUser()
  const [pending, setPending] = useState<Pending | null>(null)

  const confirm = () => {
    if (!pending) return
    const { user, action } = pending
    const done = () => setPending(null)
    if (action === 'deactivate') {
      deactivate.mutate(
        { id: user.id },
        {
          onSuccess: () =>
            toast.success(
              'User Deactivated',
              `${user.firstName} ${user.lastName} can no longer sign in.`,
            ),
          onError: (error) =>
            toast.error(
              'Failed to Deactivate User',
              serverMessageOr(error, 'An error occurred while deactivating the user.'),
            ),
          onSettled: done,
        },
      )
    } else {
      reactivate.mutate(
        { id: user.id },
        {
          onSuccess: () =>
            toast.success(
              'User Reactivated',
              `${user.firstName} ${user.lastName} can sign in again.`,
            ),
          onError: (error) =>
            toast.error(
              'Failed to Reactivate User',
              serverMessageOr(error, 'An error occurred while reactivating the user.'),
            ),
          onSettled: done,
        },
      )
    }
  }

  return (
    <Stack gap="md">
      <AdminList noun="users" query={users} footer={<LoadingMoreRow query={users} />}>
        {(user) => (
          <UserCard
            user={user}
            onEdit={() => onEdit(user)}
            onDeactivate={() => setPending({ user, action: 'deactivate' })}
            onReactivate={() => setPending({ user, action: 'reactivate' })}
          />
        )}
      </AdminList>
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.action === 'reactivate' ? 'Reactivate User' : 'Deactivate User'}
        message={
          pending?.action === 'reactivate'
            ? 'Are you sure you want to reactivate this user?'
            : 'Are you sure you want to deactivate this user?'
        }
        confirmLabel={pending?.action === 'reactivate' ? 'Reactivate' : 'Deactivate'}
        isBusy={deactivate.isPending || reactivate.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        stackId="confirm-user-status"
      />
    </Stack>
  )
}

function UserCard({
  user,
  onEdit,
  onDeactivate,
  onReactivate,
}: {
  user: AdminUser
  onEdit: () => void
  onDeactivate: () => void
  onReactivate: () => void
}) {
  const name = `${user.firstName} ${user.lastName}`
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={name}>
      <Stack gap={4}>
        <Group gap={6}>
          <Text fw={600}>{name}</Text>
          <Badge color={user.isActive ? 'teal' : 'gray'} variant="light">
            {user.isActive ? 'Active' : 'Inactive'}
          </Badge>
          {user.role === 'admin' && (
            <Badge color="indigo" variant="light">
              Admin
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {user.email}
        </Text>
        {user.mobile && <Text size="sm">{user.mobile}</Text>}
        {user.company && <Text size="sm">{user.company}</Text>}
        <Group gap="xs" mt={4}>
          <Button variant="light" onClick={onEdit}>
            Edit
          </Button>
          {user.isActive && user.role !== 'admin' && (
            <Button variant="light" color="red" onClick={onDeactivate}>
              Deactivate
            </Button>
          )}
          {!user.isActive && (
            <Button variant="light" color="teal" onClick={onReactivate}>
              Reactivate
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  )
}

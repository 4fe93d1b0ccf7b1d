import { updateConnectionInput } from '@fiveconnect/api/schemas'
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useState } from 'react'
import { useDeleteConnection, useUpdateConnection } from '../../../api/connection-mutations.ts'
import type { ConnectionItem } from '../../../api/router-types.ts'
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx'
import { PhotoField } from '../../../components/photo-field.tsx'
import { VoiceNoteWithSuggestions } from '../../../components/voice-note-with-suggestions.tsx'
import {
  ConnectionTypeToggles,
  knownConnectionTypes,
} from '../../../components/connection-type-toggles.tsx'
import { eventPickerOptions, NO_EVENT } from '../../../lib/event-options.ts'
import { toast } from '../../../lib/toast.ts'
import { useEvents } from '../../../api/events.ts'

const editForm = updateConnectionInput.pick({
  connectionFocus: true,
  notes: true,
  email: true,
  mobile: true,
  company: true,
  website: true,
  linkedin: true,
  followUpOn: true,
  followUpDone: true,
})

type Props = { connection: ConnectionItem | null; onClose: () => void }

export function EditConnectionDialog({ connection, onClose }: Props) {
  return (
    // A stack, so Escape in the delete confirm closes the confirm and not the form under it.
    <Modal.Stack>
      <Modal
        opened={connection !== null}
        onClose={onClose}
        title="Edit Connection"
        centered
        stackId="edit-connection"
      >
        {connection && <EditConnectionForm connection={connection} onDone={onClose} />}
      </Modal>
    </Modal.Stack>
  )
}

function EditConnectionForm({
  connection,
  onDone,
}: {
  connection: ConnectionItem
  onDone: () => void
}) {
  const events = useEvents()
  const update = useUpdateConnection()
  const remove = useDeleteConnection()
  const [isConfirmingDelete, setConfirmingDelete] = useState(false)
  const [voiceNoteRecordedAt, setVoiceNoteRecordedAt] = useState(connection.voiceNoteRecordedAt)
  const { person } = connection
  const form = useForm({
    initialValues: {
      eventId: connection.eventId ?? NO_EVENT,
      connectionTypes: knownConnectionTypes(connection.connectionTypes),
      connectionFocus: connection.connectionFocus ?? '',
      notes: connection.notes ?? '',
      email: person.email ?? '',
      mobile: person.mobile ?? '',
      company: person.company ?? '',
      website: person.website ?? '',
      linkedin: person.linkedin ?? '',
      photos: connection.photos,
      voiceNoteUrl: connection.voiceNoteUrl,
      voiceNoteTranscription: connection.voiceNoteTranscription,
      followUpOn: connection.followUpOn ?? '',
      followUpDone: connection.followUpDone,
    },
    validate: schemaResolver(editForm, { sync: true }),
  })

  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: connection.id, ...values, eventId: values.eventId || null, voiceNoteRecordedAt },
      {
        onSuccess: () => {
          toast.success('Connection Updated', 'Your changes have been saved.')
          onDone()
        },
        onError: () =>
          toast.error(
            'Failed to Update Connection',
            'An error occurred while updating the connection.',
          ),
      },
    ),
  )

  const confirmDelete = () =>
    remove.mutate(
      { id: connection.id },
      {
        onSuccess: () => {
          setConfirmingDelete(false)
          toast.success('Connection Deleted', 'The connection has been removed.')
          onDone()
        },
        onError: () => {
          setConfirmingDelete(false)
          toast.error(
            'Failed to Delete Connection',
            'An error occurred while deleting the connection.',
          )
        },
      },
    )

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Event"
          data={[
            { value: NO_EVENT, label: 'No event - Personal connection' },
            ...eventPickerOptions(events.data ?? [], connection.eventId),
          ]}
          {...form.getInputProps('eventId')}
        />
        <ConnectionTypeToggles
          withAsterisk
          value={form.values.connectionTypes}
          onChange={(types) => form.setFieldValue('connectionTypes', types)}
        />
        <TextInput label="Focus" {...form.getInputProps('connectionFocus')} />
        <Textarea label="Notes" rows={4} {...form.getInputProps('notes')} />
        <VoiceNoteWithSuggestions
          form={form}
          // A note saved before recording times were kept: when its connection was saved.
          recordedAt={voiceNoteRecordedAt ?? connection.createdAt}
          onRecorded={setVoiceNoteRecordedAt}
        />
        <PhotoField
          value={form.values.photos}
          onChange={(photos) => form.setFieldValue('photos', photos)}
        />
        <Group grow align="flex-end">
          <TextInput label="Follow-up date" type="date" {...form.getInputProps('followUpOn')} />
          <Checkbox
            label="Follow-up done"
            mb={10}
            {...form.getInputProps('followUpDone', { type: 'checkbox' })}
          />
        </Group>
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label="Mobile" type="tel" autoComplete="off" {...form.getInputProps('mobile')} />
        <TextInput label="Company" {...form.getInputProps('company')} />
        <TextInput label="Website" type="url" {...form.getInputProps('website')} />
        <TextInput label="LinkedIn" type="url" {...form.getInputProps('linkedin')} />
        <Group grow preventGrowOverflow={false} mt="xs">
          <Button
            type="button"
            color="red"
            variant="light"
            onClick={() => setConfirmingDelete(true)}
          >
            Delete
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirmingDelete}
        title="Delete Connection"
        message="Are you sure you want to delete this connection?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmingDelete(false)}
        stackId="confirm-connection-delete"
      />
    </form>
  )
}

import { eventInput } from '@fiveconnect/api/schemas'
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useState } from 'react'
import type { EventItem } from '../../../api/router-types.ts'
import { toast } from '../../../lib/toast.ts'
import { useCreateEvent, useUpdateEvent } from './admin-mutations.ts'
import { EventLogoField } from './event-logo-field.tsx'
import { fromLocalDateTimeText, toLocalDateTimeText } from './local-date-time.ts'

/** 'new' opens an empty form; an event opens it prefilled for editing. */
export type EventDialogTarget = 'new' | EventItem | null

export function EventDialog({
  target,
  onClose,
}: {
  target: EventDialogTarget
  onClose: () => void
}) {
  const isEditing = target !== null && target !== 'new'
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={isEditing ? 'Edit Event' : 'Create New Event'}
      centered
      stackId="event-form"
    >
      {target && <EventForm event={target === 'new' ? null : target} onDone={onClose} />}
    </Modal>
  )
}

function EventForm({ event, onDone }: { event: EventItem | null; onDone: () => void }) {
  const create = useCreateEvent()
  const update = useUpdateEvent()
  // Reset with the form: the dialog's content unmounts on close (SPEC: clear the uploaded logo).
  const [isFreshLogo, setFreshLogo] = useState(false)
  const form = useForm({
    initialValues: {
      title: event?.title ?? '',
      description: event?.description ?? '',
      location: event?.location ?? '',
      logoUrl: event?.logoUrl ?? null,
      startDateTime: toLocalDateTimeText(event?.startDateTime),
      endDateTime: toLocalDateTimeText(event?.endDateTime),
    },
    validate: schemaResolver(eventInput, { sync: true }),
  })
  const isBusy = create.isPending || update.isPending

  const submit = form.onSubmit((values) => {
    const details = {
      title: values.title,
      description: values.description,
      location: values.location,
      logoUrl: values.logoUrl,
      startDateTime: new Date(values.startDateTime),
      endDateTime: fromLocalDateTimeText(values.endDateTime),
    }
    if (event) {
      update.mutate(
        { id: event.id, ...details },
        {
          onSuccess: () => {
            toast.success('Event Updated', `${values.title.trim()} has been updated.`)
            onDone()
          },
          onError: () =>
            toast.error('Failed to Update Event', 'An error occurred while updating the event.'),
        },
      )
    } else {
      create.mutate(details, {
        onSuccess: () => {
          toast.success('Event Created', `${values.title.trim()} has been created.`)
          onDone()
        },
        onError: () =>
          toast.error('Failed to Create Event', 'An error occurred while creating the event.'),
      })
    }
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Event Name" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
        <TextInput label="Location" {...form.getInputProps('location')} />
        <EventLogoField
          value={form.values.logoUrl}
          onChange={(logoUrl) => form.setFieldValue('logoUrl', logoUrl)}
          isFreshUpload={isFreshLogo}
          onUploaded={() => setFreshLogo(true)}
        />
        <TextInput
          label="Start Date & Time"
          type="datetime-local"
          withAsterisk
          {...form.getInputProps('startDateTime')}
        />
        <TextInput
          label="End Date & Time"
          type="datetime-local"
          {...form.getInputProps('endDateTime')}
        />
        {/* Two buttons share a 350 px phone dialog: Mantine's default side padding (22 px) cut
            'Create Event' short, so less padding keeps each label whole. */}
        <Group grow mt="xs">
          <Button type="button" variant="default" px="sm" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" px="sm" disabled={isBusy}>
            {event
              ? update.isPending
                ? 'Updating...'
                : 'Update Event'
              : create.isPending
                ? 'Creating...'
                : 'Create Event'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

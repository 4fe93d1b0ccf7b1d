import { useNavigate } from '@tanstack/react-router'
import { useCurrentUser } from '../../../api/auth.ts'
import {
  useCreateConnection,
  useCreateConnectionWithPerson,
} from '../../../api/connection-mutations.ts'
import type { PersonMatch } from '../../../api/router-types.ts'
import { rememberCapture } from '../../../lib/capture-memory.ts'
import { isOnline } from '../../../lib/connectivity.ts'
import { toast } from '../../../lib/toast.ts'
import { trpc } from '../../../lib/trpc.ts'
import { newQueuedConnection, type NewPersonDetails } from '../../../offline/outbox-item.ts'
import { enqueueConnection } from '../../../offline/outbox.ts'
import type { AddConnectionValues } from './add-connection-form.ts'

/** What Add Connection holds when Save is pressed, files still on the device included. */
export type ConnectionDraft = {
  values: AddConnectionValues
  voiceNoteRecordedAt: Date | null
  photosOnDevice: Blob[]
  voiceNoteOnDevice: Blob | null
}

/** One of the user's people (by id, with the name the waiting list shows), or a new one. */
export type PersonToSave = { id: string; name: string } | { details: NewPersonDetails }

/** The connection's own fields, as both the server and the outbox take them. */
export function toConnectionInput({
  values,
  voiceNoteRecordedAt,
  voiceNoteOnDevice,
}: ConnectionDraft) {
  return {
    eventId: values.eventId || null,
    connectionTypes: values.connectionTypes,
    connectionFocus: values.connectionFocus,
    notes: values.notes,
    photos: values.photos,
    voiceNoteUrl: values.voiceNoteUrl,
    voiceNoteTranscription: values.voiceNoteTranscription,
    voiceNoteRecordedAt: values.voiceNoteUrl || voiceNoteOnDevice ? voiceNoteRecordedAt : null,
    followUpOn: values.followUpOn,
  }
}

/**
 * Saving from Add Connection. Online, straight to the server: a new person is first checked
 * against the people the user already met (`onDuplicates` gets any matches, and nothing is saved),
 * then made with the connection in one call. With no network, or with photos or a voice note still
 * on the device, into the outbox, which shows it at once and syncs it when it can.
 */
export function useSaveConnection({
  onDuplicates,
}: {
  onDuplicates: (matches: PersonMatch[]) => void
}) {
  const navigate = useNavigate()
  const utils = trpc.useUtils()
  const { user } = useCurrentUser()
  const create = useCreateConnection()
  const createWithPerson = useCreateConnectionWithPerson()

  const saveOnServer = async (draft: ConnectionDraft, person: PersonToSave) => {
    const connection = toConnectionInput(draft)
    if ('id' in person) await create.mutateAsync({ ...connection, personId: person.id })
    else await createWithPerson.mutateAsync({ ...connection, person: person.details })
    toast.success('Connection Saved', 'Your connection has been saved successfully!')
  }

  const saveOnDevice = async (userId: string, draft: ConnectionDraft, person: PersonToSave) => {
    const { photos, voiceNoteUrl, voiceNoteTranscription, ...content } = toConnectionInput(draft)
    const { eventId } = content
    await enqueueConnection(
      newQueuedConnection({
        userId,
        personName:
          'id' in person ? person.name : `${person.details.firstName} ${person.details.lastName}`,
        eventTitle:
          utils.events.list.getData()?.find((event) => event.id === eventId)?.title ?? null,
        person: 'id' in person ? { id: person.id } : person,
        content,
        photos,
        localPhotos: draft.photosOnDevice,
        voiceNoteUrl,
        voiceNoteTranscription,
        localVoiceNote: draft.voiceNoteOnDevice,
      }),
    )
    toast.success(
      'Connection Saved',
      isOnline()
        ? 'Your connection has been saved successfully!'
        : 'Saved on this device: it syncs once you are back online.',
    )
  }

  /** Saves, then goes home; on failure says so and stays. */
  const save = async (
    draft: ConnectionDraft,
    person: PersonToSave,
    { checkDuplicates = true } = {},
  ) => {
    if (!user) return
    try {
      const isOnDevice = draft.photosOnDevice.length > 0 || draft.voiceNoteOnDevice !== null
      if (!isOnline() || isOnDevice) {
        await saveOnDevice(user.id, draft, person)
      } else {
        if (checkDuplicates && 'details' in person) {
          const { firstName, lastName, email, mobile, company, linkedin } = person.details
          const found = await utils.people.listDuplicates.fetch(
            { firstName, lastName, email, mobile, company, linkedin },
            { staleTime: 0 },
          )
          if (found.length > 0) return onDuplicates(found)
        }
        await saveOnServer(draft, person)
      }
    } catch {
      toast.error('Save Failed', 'Failed to save connection. Please try again.')
      return
    }
    const { eventId, connectionTypes } = draft.values
    rememberCapture(user.id, { eventId: eventId || null, connectionTypes })
    await navigate({ to: '/' })
  }

  return { save, isSaving: create.isPending || createWithPerson.isPending }
}

import type {
  CreateConnectionInput,
  CreateConnectionWithPersonInput,
} from '@fiveconnect/api/schemas'

export type NewPersonDetails = CreateConnectionWithPersonInput['person']

/** The connection's own fields, as Add Connection collected them. */
export type QueuedContent = Pick<
  CreateConnectionInput,
  'eventId' | 'connectionTypes' | 'connectionFocus' | 'notes' | 'followUpOn' | 'voiceNoteRecordedAt'
>

/**
 * A connection saved on the device and not yet on the server. Each step of its sync records its
 * result here before the next starts, so a retry never repeats a finished step; the keys made on
 * the device let the server recognise a step it finished but whose answer was lost.
 */
export type QueuedConnection = {
  /** The outbox key, and the connection's idempotency key. */
  id: string
  /** Whose it is: only that user's session syncs it. */
  userId: string
  queuedAt: number
  /** For the waiting list: who and where. */
  personName: string
  eventTitle: string | null
  /** A person chosen from the user's connections, or a new one, created with the connection. */
  person: { id: string } | { details: NewPersonDetails }
  content: QueuedContent
  /** Stored photo paths, and photos still on the device. */
  photos: string[]
  localPhotos: Blob[]
  voiceNoteUrl: string | null
  voiceNoteTranscription: string | null
  /** A recording still on the device; once stored, it is transcribed after the save. */
  localVoiceNote: Blob | null
  needsTranscription: boolean
  /** Set once the connection is saved on the server. */
  connectionId: string | null
  attempts: number
  /** When the next try may start (ms since the epoch), after a failure that may pass. */
  retryAt: number | null
  /** A failure that will not pass by retrying (the server refused the data): shown, kept. */
  failure: string | null
}

export function isWaitingFor(item: QueuedConnection, now: number): boolean {
  return item.failure === null && (item.retryAt === null || item.retryAt <= now)
}

/** A connection just saved on the device, before any of it has synced. */
export function newQueuedConnection(
  fields: Pick<
    QueuedConnection,
    | 'userId'
    | 'personName'
    | 'eventTitle'
    | 'content'
    | 'photos'
    | 'localPhotos'
    | 'voiceNoteUrl'
    | 'voiceNoteTranscription'
    | 'localVoiceNote'
    | 'person'
  >,
): QueuedConnection {
  return {
    ...fields,
    id: crypto.randomUUID(),
    queuedAt: Date.now(),
    needsTranscription: false,
    connectionId: null,
    attempts: 0,
    retryAt: null,
    failure: null,
  }
}

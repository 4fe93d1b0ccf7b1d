import type {
  CreateConnectionInput,
  CreateConnectionWithPersonInput,
} from '@fiveconnect/api/schemas'
import { isRefused, isUnauthorizedError, serverMessageOr } from '../lib/api-errors.ts'
import { isWaitingFor, type QueuedConnection } from './outbox-item.ts'

type WithKey<T> = T & { idempotencyKey: string }

/** The server calls a queued connection is replayed with, the creations with its key. */
export type OutboxApi = {
  uploadPhoto: (photo: Blob) => Promise<string>
  storeVoiceNote: (recording: Blob) => Promise<string>
  createConnection: (input: WithKey<CreateConnectionInput>) => Promise<{ id: string }>
  createConnectionWithPerson: (
    input: WithKey<CreateConnectionWithPersonInput>,
  ) => Promise<{ id: string }>
  transcribe: (connectionId: string) => Promise<void>
}

export type OutboxStorage = {
  list: () => QueuedConnection[]
  get: (id: string) => QueuedConnection | undefined
  put: (item: QueuedConnection) => Promise<void>
  remove: (id: string) => Promise<void>
}

const RETRY_FIRST_MS = 2_000
const RETRY_LONGEST_MS = 60_000

/** Exponential back-off: 2 s, 4 s, 8 s ... at most a minute. */
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_LONGEST_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1))

type Options = {
  storage: OutboxStorage
  api: OutboxApi
  /** Whose items may sync now: the signed-in user, or null. */
  currentUserId: () => string | null
  /** After a connection reached the server, so lists can refresh. */
  onSaved: () => void
  /** After a failure that may pass: when to try again. */
  onRetryAt: (time: number) => void
  now?: () => number
}

/**
 * Replays the outbox in the order it was filled: uploads, the connection (with its new person, in
 * one call), then transcription.
 * A failure that may pass (no network, a 5xx) stops the run and sets a back-off, so later items
 * keep their order; a refusal (a 400, say) marks only that item, with the server's message.
 */
export function createOutboxSync({
  storage,
  api,
  currentUserId,
  onSaved,
  onRetryAt,
  now = Date.now,
}: Options) {
  async function replay(queued: QueuedConnection) {
    let item = queued
    const record = async (changes: Partial<QueuedConnection>) => {
      item = { ...item, ...changes }
      await storage.put(item)
    }

    for (const photo of item.localPhotos) {
      const path = await api.uploadPhoto(photo)
      await record({ photos: [...item.photos, path], localPhotos: item.localPhotos.slice(1) })
    }
    if (item.localVoiceNote) {
      const voiceNoteUrl = await api.storeVoiceNote(item.localVoiceNote)
      await record({ voiceNoteUrl, localVoiceNote: null, needsTranscription: true })
    }
    if (item.connectionId === null) {
      const connection = {
        ...item.content,
        photos: item.photos,
        voiceNoteUrl: item.voiceNoteUrl,
        voiceNoteTranscription: item.voiceNoteTranscription,
        idempotencyKey: item.id,
      }
      const { id } =
        'id' in item.person
          ? await api.createConnection({ ...connection, personId: item.person.id })
          : await api.createConnectionWithPerson({ ...connection, person: item.person.details })
      await record({ connectionId: id })
      onSaved()
    }
    if (item.needsTranscription && item.connectionId !== null) {
      // A refused transcription leaves the saved voice note as it is: the connection is done.
      await api.transcribe(item.connectionId).catch((error: unknown) => {
        if (!isRefused(error)) throw error
      })
    }
    await storage.remove(item.id)
    onSaved()
  }

  async function replayWaiting() {
    const userId = currentUserId()
    if (!userId) return
    const waiting = storage
      .list()
      .filter((item) => item.userId === userId && isWaitingFor(item, now()))
      .sort((a, b) => a.queuedAt - b.queuedAt)
    for (const queued of waiting) {
      try {
        await replay(queued)
      } catch (error) {
        if (isUnauthorizedError(error)) return
        const latest = storage.get(queued.id) ?? queued
        if (isRefused(error)) {
          await storage.put({
            ...latest,
            failure: serverMessageOr(error, 'The server refused it.'),
          })
          continue
        }
        const attempts = latest.attempts + 1
        const retryAt = now() + retryDelayMs(attempts)
        await storage.put({ ...latest, attempts, retryAt })
        onRetryAt(retryAt)
        return
      }
    }
  }

  let running: Promise<void> | null = null
  let isRequestedAgain = false

  /** Replays what is waiting; a call during a run makes one more run after it. */
  function sync(): Promise<void> {
    if (running) {
      isRequestedAgain = true
      return running
    }
    running = (async () => {
      do {
        isRequestedAgain = false
        await replayWaiting()
      } while (isRequestedAgain)
    })().finally(() => {
      running = null
    })
    return running
  }

  return { sync }
}

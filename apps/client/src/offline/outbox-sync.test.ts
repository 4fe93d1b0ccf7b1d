import { describe, expect, it } from 'vitest'
import { TRPCClientError } from '@trpc/client'
import type { QueuedConnection } from './outbox-item.ts'
import { createOutboxSync, retryDelayMs, type OutboxApi } from './outbox-sync.ts'

function queued(overrides: Partial<QueuedConnection> = {}): QueuedConnection {
  return {
    id: 'connection-key-1',
    userId: 'me',
    queuedAt: 1,
    personName: 'Ada Lovelace',
    eventTitle: null,
    person: { details: { firstName: 'Ada', lastName: 'Lovelace' } },
    content: {
      eventId: null,
      connectionTypes: ['SA'],
      connectionFocus: 'Engines',
      notes: null,
      // Recorded on the device before the sync: the connection keeps that moment.
      voiceNoteRecordedAt: new Date('2026-11-25T09:00:00Z'),
    },
    photos: [],
    localPhotos: [new Blob(['photo 1']), new Blob(['photo 2'])],
    voiceNoteUrl: null,
    voiceNoteTranscription: null,
    localVoiceNote: new Blob(['voice']),
    needsTranscription: false,
    connectionId: null,
    attempts: 0,
    retryAt: null,
    failure: null,
    ...overrides,
  }
}

/** A tRPC error as the client gets it from the server's answer. */
const serverError = (httpStatus: number, message: string) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { httpStatus } } })

function memoryStorage(items: QueuedConnection[]) {
  const byId = new Map(items.map((item) => [item.id, item]))
  return {
    byId,
    list: () => [...byId.values()],
    get: (id: string) => byId.get(id),
    put: (item: QueuedConnection) => {
      byId.set(item.id, item)
      return Promise.resolve()
    },
    remove: (id: string) => {
      byId.delete(id)
      return Promise.resolve()
    },
  }
}

/** A server that records every call; `failOnce` makes the named call fail the first time. */
function fakeServer(failOnce: Partial<Record<keyof OutboxApi, unknown>> = {}) {
  const calls: string[] = []
  const sent: Record<string, unknown[]> = {}
  const pending = { ...failOnce }
  const call = <T>(name: keyof OutboxApi, input: unknown, answer: T): Promise<T> => {
    calls.push(name)
    ;(sent[name] ??= []).push(input)
    if (name in pending) {
      const error = pending[name]
      delete pending[name]
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
    return Promise.resolve(answer)
  }
  let uploads = 0
  const api: OutboxApi = {
    uploadPhoto: (photo) => call('uploadPhoto', photo, `/objects/photo-${++uploads}`),
    storeVoiceNote: (recording) => call('storeVoiceNote', recording, '/objects/voice'),
    createConnection: (input) => call('createConnection', input, { id: 'server-connection-1' }),
    createConnectionWithPerson: (input) =>
      call('createConnectionWithPerson', input, { id: 'server-connection-1' }),
    transcribe: (id) => call('transcribe', id, undefined),
  }
  return { api, calls, sent }
}

function syncWith(storage: ReturnType<typeof memoryStorage>, api: OutboxApi, now = () => 1000) {
  const retries: number[] = []
  let saved = 0
  const outbox = createOutboxSync({
    storage,
    api,
    currentUserId: () => 'me',
    onSaved: () => saved++,
    onRetryAt: (time) => retries.push(time),
    now,
  })
  return { outbox, retries, saved: () => saved }
}

describe('replaying the outbox', () => {
  it('sends the uploads, the connection with its new person, then asks for the transcription', async () => {
    const storage = memoryStorage([queued()])
    const server = fakeServer()
    const { outbox } = syncWith(storage, server.api)
    await outbox.sync()

    expect(server.calls).toEqual([
      'uploadPhoto',
      'uploadPhoto',
      'storeVoiceNote',
      'createConnectionWithPerson',
      'transcribe',
    ])
    expect(server.sent.createConnectionWithPerson).toEqual([
      {
        eventId: null,
        connectionTypes: ['SA'],
        connectionFocus: 'Engines',
        notes: null,
        voiceNoteRecordedAt: new Date('2026-11-25T09:00:00Z'),
        person: { firstName: 'Ada', lastName: 'Lovelace' },
        photos: ['/objects/photo-1', '/objects/photo-2'],
        voiceNoteUrl: '/objects/voice',
        voiceNoteTranscription: null,
        idempotencyKey: 'connection-key-1',
      },
    ])
    expect(server.sent.transcribe).toEqual(['server-connection-1'])
    expect(storage.list()).toEqual([])
  })

  it('after a lost answer, resumes where it stopped and resends the same key', async () => {
    const storage = memoryStorage([queued()])
    const server = fakeServer({ createConnectionWithPerson: new TypeError('Failed to fetch') })
    const { outbox, retries } = syncWith(storage, server.api)

    await outbox.sync()
    expect(retries).toEqual([1000 + retryDelayMs(1)])
    expect(storage.get('connection-key-1')).toMatchObject({
      photos: ['/objects/photo-1', '/objects/photo-2'],
      localPhotos: [],
      voiceNoteUrl: '/objects/voice',
      localVoiceNote: null,
      connectionId: null,
      attempts: 1,
    })

    // Not before its time; then only the steps left.
    await outbox.sync()
    expect(server.calls.filter((name) => name === 'createConnectionWithPerson')).toHaveLength(1)
    const later = syncWith(storage, server.api, () => 1000 + retryDelayMs(1))
    await later.outbox.sync()
    expect(server.calls.slice(4)).toEqual(['createConnectionWithPerson', 'transcribe'])
    expect(
      server.sent.createConnectionWithPerson?.map(
        (input) => (input as { idempotencyKey: string }).idempotencyKey,
      ),
    ).toEqual(['connection-key-1', 'connection-key-1'])
    expect(storage.list()).toEqual([])
  })

  it('backs off exponentially up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ])
  })

  it('keeps order: a failure that may pass stops the run before later items', async () => {
    const storage = memoryStorage([
      queued({ id: 'second', queuedAt: 2, localPhotos: [], localVoiceNote: null }),
      queued({ id: 'first', queuedAt: 1, localPhotos: [], localVoiceNote: null }),
    ])
    const server = fakeServer({ createConnectionWithPerson: serverError(503, 'Try again') })
    const { outbox } = syncWith(storage, server.api)
    await outbox.sync()
    expect(server.calls).toEqual(['createConnectionWithPerson'])
    expect(storage.get('first')?.attempts).toBe(1)
    expect(storage.get('second')?.attempts).toBe(0)
  })

  it('keeps a refused item with the server’s message and goes on with the rest', async () => {
    const storage = memoryStorage([
      queued({ id: 'refused', queuedAt: 1, localPhotos: [], localVoiceNote: null }),
      queued({ id: 'fine', queuedAt: 2, localPhotos: [], localVoiceNote: null }),
    ])
    const server = fakeServer({
      createConnectionWithPerson: serverError(400, 'Invalid email address'),
    })
    const { outbox } = syncWith(storage, server.api)
    await outbox.sync()
    expect(storage.list()).toEqual([
      expect.objectContaining({ id: 'refused', failure: 'Invalid email address' }),
    ])
    expect(server.sent.createConnectionWithPerson).toHaveLength(2)

    // A refused item waits for the user: syncing again leaves it alone.
    await outbox.sync()
    expect(server.calls.filter((name) => name === 'createConnectionWithPerson')).toHaveLength(2)
  })

  it('leaves everything waiting when the session has ended, and other users’ items alone', async () => {
    const storage = memoryStorage([
      queued({ id: 'mine', localPhotos: [], localVoiceNote: null }),
      queued({ id: 'theirs', userId: 'someone else', queuedAt: 0 }),
    ])
    const server = fakeServer({ createConnectionWithPerson: serverError(401, 'Unauthorized') })
    const { outbox, retries } = syncWith(storage, server.api)
    await outbox.sync()
    expect(server.calls).toEqual(['createConnectionWithPerson'])
    expect(retries).toEqual([])
    expect(storage.list().map((item) => [item.id, item.attempts, item.failure])).toEqual([
      ['mine', 0, null],
      ['theirs', 0, null],
    ])
  })
  it('saves a connection with a person chosen from the user’s own by that person’s id', async () => {
    const storage = memoryStorage([
      queued({ person: { id: 'person-7' }, localPhotos: [], localVoiceNote: null }),
    ])
    const server = fakeServer()
    await syncWith(storage, server.api).outbox.sync()
    expect(server.calls).toEqual(['createConnection'])
    expect(server.sent.createConnection).toEqual([
      expect.objectContaining({ personId: 'person-7', idempotencyKey: 'connection-key-1' }),
    ])
    expect(storage.list()).toEqual([])
  })
})

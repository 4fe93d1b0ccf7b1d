import type { StoreVoiceNoteOutput } from '@fiveconnect/api/schemas'
import { send, sendJson, uploadConnectionPhoto, voiceNoteFileName } from '../lib/uploads.ts'
import type { OutboxApi } from './outbox-sync.ts'

/** The outbox's calls over the documented REST API, with the idempotency keys in their bodies. */
export const outboxApi: OutboxApi = {
  createPerson: (input) => sendJson('POST', '/api/people', input),
  uploadPhoto: uploadConnectionPhoto,
  storeVoiceNote: async (recording) => {
    const body = new FormData()
    body.append('audio', recording, voiceNoteFileName(recording.type))
    const response = await send('/api/voice-notes', { method: 'POST', body })
    return ((await response.json()) as StoreVoiceNoteOutput).voiceNoteUrl
  },
  createConnection: (input) => sendJson('POST', '/api/connections', input),
  transcribe: async (connectionId) => {
    await sendJson('POST', `/api/connections/${connectionId}/transcribe`)
  },
}

import { byteRequestError } from '../lib/api-errors.ts'
import { reportingFetch } from '../lib/connectivity.ts'
import type { TrpcClient } from '../lib/trpc.ts'
import { saveVoiceNote, uploadConnectionPhoto } from '../lib/uploads.ts'
import type { OutboxApi } from './outbox-sync.ts'

/** The outbox's calls: procedures through the app's tRPC client, bytes by plain HTTP. */
export function createOutboxApi(client: TrpcClient): OutboxApi {
  return {
    uploadPhoto: (photo) => uploadConnectionPhoto(client, photo),
    storeVoiceNote: async (recording) => (await saveVoiceNote(recording)).voiceNoteUrl,
    createConnection: (input) => client.connections.create.mutate(input),
    createConnectionWithPerson: (input) => client.connections.createWithPerson.mutate(input),
    // The one JSON call left on REST until connections.transcribe is a procedure (issue 21).
    transcribe: async (connectionId) => {
      const response = await reportingFetch(`/api/connections/${connectionId}/transcribe`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
      if (!response.ok) throw byteRequestError(response.status, await response.text())
    },
  }
}

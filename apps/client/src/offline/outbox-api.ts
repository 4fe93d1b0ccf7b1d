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
    transcribe: async (connectionId) => {
      await client.connections.transcribe.mutate({ id: connectionId })
    },
  }
}

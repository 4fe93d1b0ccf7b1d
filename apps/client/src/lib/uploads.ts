/**
 * The file calls of SPEC section 7. The JSON steps are tRPC procedures (a signed upload URL, then
 * the server keeping the file after checking its type and size again); only the bytes go by plain
 * HTTP: the PUT of the file to the signed URL and the multipart POST of a recording.
 */
import type { StoreVoiceNoteOutput } from '@fiveconnect/api/schemas'
import { byteRequestError } from './api-errors.ts'
import { reportingFetch } from './connectivity.ts'
import type { TrpcClient } from './trpc.ts'

/** SPEC section 7: the saved URL is the upload URL without its query string. */
function storedUrlOf(uploadURL: string): string {
  const queryStart = uploadURL.indexOf('?')
  return queryStart === -1 ? uploadURL : uploadURL.slice(0, queryStart)
}

/** Gets a signed URL, PUTs the file there, and answers the URL to confirm (without its query). */
async function uploadBytes(client: TrpcClient, file: Blob): Promise<string> {
  const { uploadURL } = await client.uploads.createUploadUrl.mutate()
  // No cookies: the signed URL is the permission, and it may point at another origin (S3).
  const response = await reportingFetch(uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type },
  })
  if (!response.ok) throw byteRequestError(response.status, await response.text())
  return storedUrlOf(uploadURL)
}

/** Uploads a connection photo; answers its stored path (/objects/...). */
export async function uploadConnectionPhoto(client: TrpcClient, file: Blob): Promise<string> {
  const photoURL = await uploadBytes(client, file)
  return (await client.uploads.confirmConnectionPhoto.mutate({ photoURL })).objectPath
}

/** Uploads an event logo (admins only); answers its stored path. */
export async function uploadEventLogo(client: TrpcClient, file: Blob): Promise<string> {
  const logoURL = await uploadBytes(client, file)
  return (await client.uploads.confirmEventLogo.mutate({ logoURL })).objectPath
}

/** Uploads and sets the signed-in user's profile photo; answers its stored path. */
export async function uploadProfilePhoto(client: TrpcClient, file: Blob): Promise<string> {
  const profileImageUrl = await uploadBytes(client, file)
  return (await client.uploads.confirmProfilePhoto.mutate({ profileImageUrl })).objectPath
}

/** voice-note.webm, or voice-note.mp4 for Safari's recordings. */
export function voiceNoteFileName(mimeType: string): string {
  return mimeType.includes('mp4') ? 'voice-note.mp4' : 'voice-note.webm'
}

/**
 * Saves a recording; the server answers at once and transcribes it in the background (follow it
 * with the uploads.voiceNoteTranscription query). XMLHttpRequest rather than fetch: its upload
 * events tell when the audio has been sent.
 */
export function saveVoiceNote(
  audio: Blob,
  { onUploaded }: { onUploaded?: () => void } = {},
): Promise<StoreVoiceNoteOutput> {
  const body = new FormData()
  body.append('audio', audio, voiceNoteFileName(audio.type))
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', new URL('/api/voice-notes', window.location.origin))
    request.withCredentials = true
    request.upload.addEventListener('load', () => onUploaded?.())
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(byteRequestError(request.status, request.responseText))
        return
      }
      try {
        resolve(JSON.parse(request.responseText) as StoreVoiceNoteOutput)
      } catch {
        reject(new Error('The server answered something other than JSON.'))
      }
    })
    request.addEventListener('error', () => reject(new Error('Network error')))
    request.send(body)
  })
}

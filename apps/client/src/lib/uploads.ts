/**
 * The file calls of SPEC section 7 over fetch: ask for a signed upload URL, PUT the raw file to it,
 * then ask the server to keep it (it checks type and size again and answers the stored path).
 * Every non-OK answer fails with '{status}: {response text}', like the app's other plain calls.
 */
import { MAX_IMAGE_BYTES, type StoreVoiceNoteOutput } from '@fiveconnect/api/schemas'
import { reportingFetch } from '../offline/connectivity.ts'

/** Why a file cannot be uploaded as an image, or null when it can (SPEC section 5). */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Only image files can be uploaded.'
  if (file.size > MAX_IMAGE_BYTES) return 'Images must be 5 MB or smaller.'
  return null
}

/** SPEC section 7: the saved URL is the upload URL without its query string. */
export function storedUrlOf(uploadURL: string): string {
  const queryStart = uploadURL.indexOf('?')
  return queryStart === -1 ? uploadURL : uploadURL.slice(0, queryStart)
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export async function send(url: string, init: RequestInit): Promise<Response> {
  // Absolute, so the same code runs in the browser and under test in Node.
  const response = await reportingFetch(new URL(url, window.location.origin), {
    credentials: 'include',
    ...init,
  })
  if (!response.ok) {
    const text = await response.text()
    throw new HttpError(response.status, `${response.status}: ${text || response.statusText}`)
  }
  return response
}

export async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await send(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  })
  return (await response.json()) as T
}

/** The server's own message from a '{status}: {"message": ...}' error, if it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined
  const body = error.message.slice(error.message.indexOf(':') + 1).trim()
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    return typeof parsed.message === 'string' ? parsed.message : undefined
  } catch {
    return undefined
  }
}

/** Gets a signed URL, PUTs the file there, and answers the URL to confirm (without its query). */
async function uploadRaw(file: Blob): Promise<string> {
  const { uploadURL } = await sendJson<{ uploadURL: string }>('POST', '/api/objects/upload')
  await send(uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type },
  })
  return storedUrlOf(uploadURL)
}

/** Uploads a connection photo; answers its stored path (/objects/...). */
export async function uploadConnectionPhoto(file: Blob): Promise<string> {
  const photoURL = await uploadRaw(file)
  const { objectPath } = await sendJson<{ objectPath: string }>('PUT', '/api/connection-photos', {
    photoURL,
  })
  return objectPath
}

/** Uploads an event logo (admins only); answers its stored path. */
export async function uploadEventLogo(file: File): Promise<string> {
  const logoURL = await uploadRaw(file)
  const { objectPath } = await sendJson<{ objectPath: string }>('PUT', '/api/event-logos', {
    logoURL,
  })
  return objectPath
}

/** Uploads and sets the signed-in user's profile photo; answers its stored path. */
export async function uploadProfilePhoto(file: File): Promise<string> {
  const profileImageUrl = await uploadRaw(file)
  const { objectPath } = await sendJson<{ objectPath: string }>('PUT', '/api/profile/photo', {
    profileImageUrl,
  })
  return objectPath
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
        const text = request.responseText || request.statusText
        reject(new HttpError(request.status, `${request.status}: ${text}`))
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

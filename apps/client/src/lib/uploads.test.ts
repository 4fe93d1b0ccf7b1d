import { imageProblem, MAX_IMAGE_BYTES } from '@fiveconnect/api/schemas'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../test/setup.ts'
import { mockTrpc, trpcCallsTo, TrpcMockError } from '../test/trpc-msw.ts'
import { httpStatusOf, isRefused, serverMessageOr } from './api-errors.ts'
import { createTrpcClient } from './trpc.ts'
import {
  saveVoiceNote,
  uploadConnectionPhoto,
  uploadEventLogo,
  voiceNoteFileName,
} from './uploads.ts'

const SIGNED = 'http://storage.test/uploads/abc?signature=xyz'
const client = createTrpcClient(window.location.origin)

function mockStorage() {
  const seen: { putType: string | null; putBody: string }[] = []
  mockTrpc({ 'uploads.createUploadUrl': () => ({ uploadURL: SIGNED }) })
  server.use(
    http.put('http://storage.test/uploads/abc', async ({ request }) => {
      seen.push({ putType: request.headers.get('content-type'), putBody: await request.text() })
      return new HttpResponse(null, { status: 200 })
    }),
  )
  return seen
}

describe('image checks', () => {
  it('accepts images up to 5 MB and refuses other files or bigger ones', () => {
    expect(imageProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull()
    expect(imageProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(
      'Only image files can be uploaded.',
    )
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'a.jpg', { type: 'image/jpeg' })
    expect(imageProblem(big)).toBe('Images must be 5 MB or smaller.')
  })
})

describe('uploads', () => {
  it('uploads a photo: signed URL, raw PUT with its type, then confirms the URL without query', async () => {
    const seen = mockStorage()
    mockTrpc({ 'uploads.confirmConnectionPhoto': () => ({ objectPath: '/objects/abc' }) })
    const file = new File(['pixels'], 'a.png', { type: 'image/png' })
    expect(await uploadConnectionPhoto(client, file)).toBe('/objects/abc')
    expect(seen).toEqual([{ putType: 'image/png', putBody: 'pixels' }])
    expect(trpcCallsTo('uploads.confirmConnectionPhoto')).toEqual([
      { photoURL: 'http://storage.test/uploads/abc' },
    ])
  })

  it('confirms an event logo with logoURL', async () => {
    mockStorage()
    mockTrpc({ 'uploads.confirmEventLogo': () => ({ objectPath: '/objects/logo' }) })
    const file = new File(['x'], 'l.png', { type: 'image/png' })
    expect(await uploadEventLogo(client, file)).toBe('/objects/logo')
    expect(trpcCallsTo('uploads.confirmEventLogo')).toEqual([
      { logoURL: 'http://storage.test/uploads/abc' },
    ])
  })

  it("fails with the server's status and message when it refuses the file", async () => {
    mockStorage()
    mockTrpc({
      'uploads.confirmConnectionPhoto': () => {
        throw new TrpcMockError('BAD_REQUEST', 'That file is not an image.')
      },
    })
    const failure = await uploadConnectionPhoto(
      client,
      new File(['x'], 'a.png', { type: 'image/png' }),
    ).catch((error: unknown) => error)
    expect(httpStatusOf(failure)).toBe(400)
    expect(isRefused(failure)).toBe(true)
    expect(serverMessageOr(failure, 'Failed')).toBe('That file is not an image.')
  })

  it('fails with the status when the storage refuses the bytes', async () => {
    mockTrpc({ 'uploads.createUploadUrl': () => ({ uploadURL: SIGNED }) })
    server.use(
      http.put('http://storage.test/uploads/abc', () =>
        HttpResponse.text('<Error>SignatureDoesNotMatch</Error>', { status: 403 }),
      ),
    )
    const failure = await uploadConnectionPhoto(
      client,
      new File(['x'], 'a.png', { type: 'image/png' }),
    ).catch((error: unknown) => error)
    expect(httpStatusOf(failure)).toBe(403)
    expect(serverMessageOr(failure, 'Failed to upload photo')).toBe('Failed to upload photo')
    expect(trpcCallsTo('uploads.confirmConnectionPhoto')).toEqual([])
  })

  it('sends a recording as the multipart field audio and reads where it is saved', async () => {
    let received: { type: string; size: number } | undefined
    server.use(
      http.post('*/api/voice-notes', async ({ request }) => {
        const audio = (await request.formData()).get('audio') as File
        received = { type: audio.type, size: audio.size }
        return HttpResponse.json({ voiceNoteUrl: '/objects/v1' }, { status: 201 })
      }),
    )
    const stages: string[] = []
    const result = await saveVoiceNote(new Blob(['abcd'], { type: 'audio/webm' }), {
      onUploaded: () => stages.push('uploaded'),
    })
    expect(stages).toEqual(['uploaded'])
    expect(result).toEqual({ voiceNoteUrl: '/objects/v1' })
    // The file name is not asserted here: Node's FormData renames jsdom's Blobs to 'blob'.
    expect(received).toEqual({ type: 'audio/webm', size: 4 })
  })

  it('fails a voice note upload with its status, and the server message when it sent one', async () => {
    server.use(
      http.post('*/api/voice-notes', () =>
        HttpResponse.text('Failed to upload audio file', { status: 500 }),
      ),
    )
    const failure = await saveVoiceNote(new Blob(['a'], { type: 'audio/webm' })).catch(
      (error: unknown) => error,
    )
    expect(httpStatusOf(failure)).toBe(500)
    expect(isRefused(failure)).toBe(false)

    server.use(
      http.post('*/api/voice-notes', () =>
        HttpResponse.json({ message: 'The recording is too long.' }, { status: 400 }),
      ),
    )
    const refused = await saveVoiceNote(new Blob(['a'], { type: 'audio/webm' })).catch(
      (error: unknown) => error,
    )
    expect(isRefused(refused)).toBe(true)
    expect(serverMessageOr(refused, 'Failed')).toBe('The recording is too long.')
  })

  it('names recordings after their format', () => {
    expect(voiceNoteFileName('audio/webm;codecs=opus')).toBe('voice-note.webm')
    expect(voiceNoteFileName('audio/mp4')).toBe('voice-note.mp4')
  })
})

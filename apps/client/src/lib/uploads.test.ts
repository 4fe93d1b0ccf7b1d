import { MAX_IMAGE_BYTES } from '@fiveconnect/api/schemas'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../test/setup.ts'
import {
  imageProblem,
  serverMessageOf,
  saveVoiceNote,
  uploadConnectionPhoto,
  uploadEventLogo,
  voiceNoteFileName,
} from './uploads.ts'

const SIGNED = 'http://storage.test/uploads/abc?signature=xyz'

function mockStorage() {
  const seen: { putType: string | null; putBody: string; confirmed: unknown }[] = []
  server.use(
    http.post('*/api/objects/upload', () => HttpResponse.json({ uploadURL: SIGNED })),
    http.put('http://storage.test/uploads/abc', async ({ request }) => {
      seen.push({
        putType: request.headers.get('content-type'),
        putBody: await request.text(),
        confirmed: null,
      })
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
    let confirmed: unknown
    server.use(
      http.put('*/api/connection-photos', async ({ request }) => {
        confirmed = await request.json()
        return HttpResponse.json({ objectPath: '/objects/abc' })
      }),
    )
    const path = await uploadConnectionPhoto(new File(['pixels'], 'a.png', { type: 'image/png' }))
    expect(path).toBe('/objects/abc')
    expect(seen).toEqual([{ putType: 'image/png', putBody: 'pixels', confirmed: null }])
    expect(confirmed).toEqual({ photoURL: 'http://storage.test/uploads/abc' })
  })

  it('confirms an event logo with logoURL', async () => {
    mockStorage()
    let confirmed: unknown
    server.use(
      http.put('*/api/event-logos', async ({ request }) => {
        confirmed = await request.json()
        return HttpResponse.json({ objectPath: '/objects/logo' })
      }),
    )
    expect(await uploadEventLogo(new File(['x'], 'l.png', { type: 'image/png' }))).toBe(
      '/objects/logo',
    )
    expect(confirmed).toEqual({ logoURL: 'http://storage.test/uploads/abc' })
  })

  it("fails with '{status}: {text}' and exposes the server's message", async () => {
    mockStorage()
    server.use(
      http.put('*/api/connection-photos', () =>
        HttpResponse.json({ message: 'That file is not an image.' }, { status: 400 }),
      ),
    )
    const failure = await uploadConnectionPhoto(
      new File(['x'], 'a.png', { type: 'image/png' }),
    ).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe('400: {"message":"That file is not an image."}')
    expect(serverMessageOf(failure)).toBe('That file is not an image.')
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

  it("fails a voice note upload with '{status}: {text}'", async () => {
    server.use(
      http.post('*/api/voice-notes', () =>
        HttpResponse.text('Failed to upload audio file', { status: 500 }),
      ),
    )
    await expect(saveVoiceNote(new Blob(['a'], { type: 'audio/webm' }))).rejects.toThrow(
      '500: Failed to upload audio file',
    )
  })

  it('names recordings after their format', () => {
    expect(voiceNoteFileName('audio/webm;codecs=opus')).toBe('voice-note.webm')
    expect(voiceNoteFileName('audio/mp4')).toBe('voice-note.mp4')
  })
})

import type { StoreVoiceNoteOutput } from '@fiveconnect/api/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeMediaRecorder, installFakeMicrophone } from '../../test/fake-media-recorder.ts'
import { findToast } from '../../test/render-app.tsx'
import { server } from '../../test/setup.ts'
import { mockTrpc, trpcCallsTo } from '../../test/trpc-msw.ts'
import { createTrpcClient, trpc } from '../../lib/trpc.ts'
import * as uploads from '../../lib/uploads.ts'
import { ToastRegion } from '../toast-region.tsx'
import { VoiceRecorder, type VoiceNote } from './voice-recorder.tsx'

const EMPTY: VoiceNote = { voiceNoteUrl: null, voiceNoteTranscription: null }

function renderRecorder(initial: VoiceNote = EMPTY) {
  const changes: VoiceNote[] = []
  function Harness() {
    const [value, setValue] = useState(initial)
    return (
      <VoiceRecorder
        value={value}
        onChange={(next) => {
          changes.push(next)
          setValue(next)
        }}
      />
    )
  }
  const queryClient = new QueryClient()
  render(
    <MantineProvider env="test">
      <trpc.Provider client={createTrpcClient(window.location.origin)} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Harness />
          <ToastRegion />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>,
  )
  return { user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }), changes }
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  URL.createObjectURL = vi.fn(() => 'blob:recording')
  URL.revokeObjectURL = vi.fn()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function recordFor(user: ReturnType<typeof userEvent.setup>, seconds: number) {
  await user.click(screen.getByRole('button', { name: 'Record' }))
  await screen.findByRole('button', { name: 'Stop' })
  act(() => {
    vi.advanceTimersByTime(seconds * 1000)
  })
  expect(screen.getByRole('timer', { name: 'Recording time' })).toHaveTextContent(
    `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  )
  await user.click(screen.getByRole('button', { name: 'Stop' }))
}

describe('voice recorder', { timeout: 20_000 }, () => {
  it('records webm in 100 ms chunks with the SPEC microphone settings, timing in m:ss', async () => {
    const { getUserMedia, track } = installFakeMicrophone()
    const { user } = renderRecorder()
    await recordFor(user, 65)
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44100 },
    })
    const recorder = FakeMediaRecorder.instances[0]
    expect(recorder?.options.mimeType).toBe('audio/webm')
    expect(recorder?.timeslice).toBe(100)
    expect(track.stop).toHaveBeenCalled()
    expect(screen.getByRole('timer')).toHaveTextContent('1:05')
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Discard' })).toBeVisible()
  })

  it('falls back to mp4 where webm cannot be recorded (Safari)', async () => {
    installFakeMicrophone({ types: ['audio/mp4'] })
    const { user } = renderRecorder()
    await recordFor(user, 1)
    expect(FakeMediaRecorder.instances[0]?.options.mimeType).toBe('audio/mp4')
  })

  it('shows Recording Error when the microphone is refused', async () => {
    installFakeMicrophone({ refuse: true })
    const { user } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Record' }))
    const toast = await findToast('Recording Error')
    expect(toast).toHaveTextContent('Could not access microphone. Please check permissions.')
    expect(screen.getByRole('button', { name: 'Record' })).toBeVisible()
  })

  it('plays and pauses the fresh recording, and shows Playback Error when it cannot play', async () => {
    installFakeMicrophone()
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new DOMException('bad', 'NotSupportedError'))
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
    const { user } = renderRecorder()
    await recordFor(user, 2)
    await user.click(screen.getByRole('button', { name: 'Play' }))
    await user.click(await screen.findByRole('button', { name: 'Pause' }))
    await user.click(await screen.findByRole('button', { name: 'Play' }))
    const toast = await findToast('Playback Error')
    expect(toast).toHaveTextContent(
      'Could not play the voice note. The audio file may be corrupted or unavailable.',
    )
    expect(play).toHaveBeenCalledTimes(2)
  })

  it('discards the fresh recording', async () => {
    installFakeMicrophone()
    const { user, changes } = renderRecorder()
    await recordFor(user, 3)
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(screen.getByRole('button', { name: 'Record' })).toBeVisible()
    expect(changes).toEqual([])
  })

  it("saves, then shows 'Transcribing...' until the transcript lands, disabled while busy", async () => {
    installFakeMicrophone()
    // msw answers at once, so the upload is finished by hand.
    let finishUpload = (_: StoreVoiceNoteOutput) => {}
    const save = vi
      .spyOn(uploads, 'saveVoiceNote')
      .mockImplementation(() => new Promise((resolve) => (finishUpload = resolve)))
    let landed = false
    mockTrpc({
      'uploads.voiceNoteTranscription': () =>
        landed
          ? { state: 'done', transcription: 'Met at the stand' }
          : { state: 'pending', transcription: '' },
    })
    const { user, changes } = renderRecorder()
    await recordFor(user, 4)
    await user.click(screen.getByRole('button', { name: 'Save & Transcribe' }))
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled()
    act(() => finishUpload({ voiceNoteUrl: '/objects/v1' }))
    expect(await screen.findByRole('button', { name: 'Transcribing...' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Discard' })).toBeDisabled()
    // Saved at once, so a connection saved now keeps the voice note.
    expect(changes).toEqual([{ voiceNoteUrl: '/objects/v1', voiceNoteTranscription: null }])
    await waitFor(() => expect(trpcCallsTo('uploads.voiceNoteTranscription').length).toBe(2))

    landed = true
    act(() => {
      vi.advanceTimersByTime(2000)
    })
    await findToast('Voice Note Saved')
    expect(save.mock.calls[0]?.[0].type).toBe('audio/webm')
    expect(changes).toEqual([
      { voiceNoteUrl: '/objects/v1', voiceNoteTranscription: null },
      { voiceNoteUrl: '/objects/v1', voiceNoteTranscription: 'Met at the stand' },
    ])
    expect(screen.getByText('Met at the stand')).toBeVisible()
    expect(screen.getByLabelText('Voice note', { selector: 'audio' })).toHaveAttribute(
      'src',
      '/api/voice-notes/v1',
    )
    // Done: no more asking.
    const asked = trpcCallsTo('uploads.voiceNoteTranscription').length
    act(() => {
      vi.advanceTimersByTime(10_000)
    })
    expect(trpcCallsTo('uploads.voiceNoteTranscription').length).toBe(asked)
    expect(trpcCallsTo('uploads.voiceNoteTranscription')[0]).toEqual({
      voiceNoteUrl: '/objects/v1',
    })
  })

  it('keeps a recording the server saved without a transcript, and says why', async () => {
    installFakeMicrophone()
    server.use(
      http.post('*/api/voice-notes', () =>
        HttpResponse.json({ voiceNoteUrl: '/objects/v2' }, { status: 201 }),
      ),
    )
    mockTrpc({
      'uploads.voiceNoteTranscription': () => ({
        state: 'failed',
        transcription: '',
        reason: 'No transcription engine is configured',
      }),
    })
    const { user, changes } = renderRecorder()
    await recordFor(user, 2)
    await user.click(screen.getByRole('button', { name: 'Save & Transcribe' }))
    const toast = await findToast('Transcription Failed')
    expect(toast).toHaveTextContent('No transcription engine is configured')
    expect(changes).toEqual([{ voiceNoteUrl: '/objects/v2', voiceNoteTranscription: null }])
    expect(await screen.findByRole('button', { name: 'Delete voice note' })).toBeVisible()
  })

  it('keeps the local recording for another try when the upload fails', async () => {
    installFakeMicrophone()
    server.use(
      http.post('*/api/voice-notes', () =>
        HttpResponse.text('Failed to upload audio file', { status: 500 }),
      ),
    )
    const { user, changes } = renderRecorder()
    await recordFor(user, 2)
    await user.click(screen.getByRole('button', { name: 'Save & Transcribe' }))
    const toast = await findToast('Upload Failed')
    expect(toast).toHaveTextContent('Failed to save voice note. Please try again.')
    expect(changes).toEqual([])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save & Transcribe' })).toBeEnabled(),
    )
  })

  it('deletes an existing voice note', async () => {
    const { user, changes } = renderRecorder({
      voiceNoteUrl: '/objects/old',
      voiceNoteTranscription: 'old words',
    })
    expect(screen.getByText('old words')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Delete voice note' }))
    await findToast('Voice Note Deleted')
    expect(changes).toEqual([{ voiceNoteUrl: null, voiceNoteTranscription: null }])
    expect(screen.getByRole('button', { name: 'Record' })).toBeVisible()
  })
})

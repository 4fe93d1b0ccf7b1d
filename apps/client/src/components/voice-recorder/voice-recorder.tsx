import { Button, Group, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import {
  IconMicrophone,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { trpc } from '../../lib/trpc.ts'
import { isOnline } from '../../lib/connectivity.ts'
import { saveVoiceNote } from '../../lib/uploads.ts'
import { formatDuration, useVoiceRecorder } from './use-voice-recorder.ts'
import { showPlaybackError, VoiceNotePlayer } from './voice-note-player.tsx'

export type VoiceNote = { voiceNoteUrl: string | null; voiceNoteTranscription: string | null }

type Props = {
  value: VoiceNote
  /** With the time the new note was recorded (null when it is deleted). */
  onChange: (voiceNote: VoiceNote, recordedAt: Date | null) => void
  /** Where a recording can wait on the device: with no network it is kept here, to send later. */
  offline?: {
    recording: Blob | null
    onChange: (recording: Blob | null, recordedAt: Date | null) => void
  }
}

/** How often the screen asks whether the transcript has landed. */
const TRANSCRIPT_POLL_MS = 2000

type SaveStage = 'uploading' | 'transcribing'

/**
 * Record, listen, then Save & Transcribe; or delete the saved note. Saving answers at once; the
 * server transcribes in the background, and the transcript is asked for until it lands.
 */
export function VoiceRecorder({ value, onChange, offline }: Props) {
  const recorder = useVoiceRecorder()
  const utils = trpc.useUtils()
  const [stage, setStage] = useState<SaveStage>('uploading')
  // Stops the asking once the screen is gone: the server still writes the transcript.
  const isShown = useRef(true)
  useEffect(() => {
    isShown.current = true
    return () => {
      isShown.current = false
    }
  }, [])

  const save = useMutation({
    mutationFn: async ({ audio, recordedAt }: { audio: Blob; recordedAt: Date | null }) => {
      setStage('uploading')
      const { voiceNoteUrl } = await saveVoiceNote(audio)
      // Saved: a connection saved from now on keeps the voice note, and gets the transcript from the
      // server's job even if it is saved before the transcript lands.
      onChange({ voiceNoteUrl, voiceNoteTranscription: null }, recordedAt)
      setStage('transcribing')
      for (;;) {
        const landed = await utils.uploads.voiceNoteTranscription
          .fetch({ voiceNoteUrl }, { staleTime: 0 })
          // A failed look is looked at again: the voice note is saved whatever happens.
          .catch(() => undefined)
        if ((landed && landed.state !== 'pending') || !isShown.current) {
          return { voiceNoteUrl, landed, recordedAt }
        }
        await new Promise((resolve) => setTimeout(resolve, TRANSCRIPT_POLL_MS))
      }
    },
  })

  const saveAndTranscribe = () => {
    if (!recorder.recording) return
    if (offline && !isOnline()) {
      offline.onChange(recorder.recording, recorder.startedAt)
      recorder.discard()
      toast.success(
        'Voice Note Kept',
        'Kept on this device: it is transcribed once you are online.',
      )
      return
    }
    save.mutate(
      { audio: recorder.recording, recordedAt: recorder.startedAt },
      {
        onSuccess: ({ voiceNoteUrl, landed, recordedAt }) => {
          if (!isShown.current) return
          recorder.discard()
          if (landed?.state === 'done' && landed.transcription) {
            onChange({ voiceNoteUrl, voiceNoteTranscription: landed.transcription }, recordedAt)
            toast.success('Voice Note Saved', 'Your voice note has been saved and transcribed.')
            return
          }
          const reason = landed?.reason
          toast.error(
            'Transcription Failed',
            `Your recording is saved, but it could not be transcribed${reason ? `: ${reason}` : '.'}`,
          )
        },
        // The recording stays on screen so it can be sent again.
        onError: () => toast.error('Upload Failed', 'Failed to save voice note. Please try again.'),
      },
    )
  }

  const deleteSaved = () => {
    onChange({ voiceNoteUrl: null, voiceNoteTranscription: null }, null)
    toast.success('Voice Note Deleted', 'The voice note has been removed from this connection.')
  }

  return (
    <Stack gap="xs" role="group" aria-label="Voice note">
      {offline?.recording && recorder.state === 'idle' ? (
        <>
          <Group grow>
            <FreshRecordingPlayer recording={offline.recording} />
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => offline.onChange(null, null)}
            >
              Delete voice note
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Kept on this device · transcribed once you are online
          </Text>
        </>
      ) : value.voiceNoteUrl && recorder.state === 'idle' ? (
        <>
          <VoiceNotePlayer url={value.voiceNoteUrl} />
          {value.voiceNoteTranscription && (
            <Text size="sm" fs="italic">
              {value.voiceNoteTranscription}
            </Text>
          )}
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={deleteSaved}
          >
            {/* Not just 'Delete': in the Edit dialog the connection has its own Delete button. */}
            Delete voice note
          </Button>
        </>
      ) : recorder.state === 'idle' ? (
        <Button
          variant="light"
          leftSection={<IconMicrophone size={18} aria-hidden />}
          onClick={() => void recorder.start()}
        >
          Record
        </Button>
      ) : (
        <>
          <Group gap="xs" wrap="nowrap">
            {recorder.state === 'recording' && (
              <Text c="red" fw={700} aria-hidden>
                ●
              </Text>
            )}
            <Text fw={600} role="timer" aria-label="Recording time">
              {formatDuration(recorder.seconds)}
            </Text>
          </Group>
          {recorder.state === 'recording' ? (
            <Button
              color="red"
              leftSection={<IconPlayerStop size={18} aria-hidden />}
              onClick={recorder.stop}
            >
              Stop
            </Button>
          ) : (
            recorder.recording && (
              <Stack gap="xs">
                <Group grow>
                  <FreshRecordingPlayer recording={recorder.recording} />
                  <Button
                    variant="default"
                    leftSection={<IconTrash size={18} aria-hidden />}
                    onClick={recorder.discard}
                    disabled={save.isPending}
                  >
                    Discard
                  </Button>
                </Group>
                <Button
                  leftSection={<IconUpload size={18} aria-hidden />}
                  onClick={saveAndTranscribe}
                  disabled={save.isPending}
                >
                  {save.isPending
                    ? stage === 'uploading'
                      ? 'Uploading...'
                      : 'Transcribing...'
                    : 'Save & Transcribe'}
                </Button>
              </Stack>
            )
          )}
        </>
      )}
    </Stack>
  )
}

/** Play or Pause for the recording that is not saved yet. */
function FreshRecordingPlayer({ recording }: { recording: Blob }) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const source = useMemo(() => URL.createObjectURL(recording), [recording])
  const [isPlaying, setPlaying] = useState(false)

  useEffect(() => () => URL.revokeObjectURL(source), [source])

  const toggle = () => {
    const audio = audioRef.current
    if (!audio) return
    if (isPlaying) {
      audio.pause()
      setPlaying(false)
      return
    }
    audio.play().then(
      () => setPlaying(true),
      () => showPlaybackError(),
    )
  }

  return (
    <>
      <Button
        variant="light"
        leftSection={
          isPlaying ? (
            <IconPlayerPause size={18} aria-hidden />
          ) : (
            <IconPlayerPlay size={18} aria-hidden />
          )
        }
        onClick={toggle}
      >
        {isPlaying ? 'Pause' : 'Play'}
      </Button>
      <audio
        ref={audioRef}
        src={source}
        onEnded={() => setPlaying(false)}
        onError={showPlaybackError}
        hidden
      />
    </>
  )
}

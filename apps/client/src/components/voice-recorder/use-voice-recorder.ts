import { useEffect, useRef, useState } from 'react'
import { toast } from '../../lib/toast.ts'

/** SPEC sections 5 and 9: what the recorder asks the microphone for, and how often it collects. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44100 },
}
export const CHUNK_INTERVAL_MS = 100
const TIMER_TICK_MS = 1000

/** webm where the browser records it, else mp4 (Safari). */
export function preferredAudioType(): string {
  return MediaRecorder.isTypeSupported('audio/webm') ? 'audio/webm' : 'audio/mp4'
}

/** m:ss */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

export type RecorderState = 'idle' | 'recording' | 'recorded'

/** Microphone recording in the browser: start, stop, and the recording kept until discarded. */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>('idle')
  const [seconds, setSeconds] = useState(0)
  const [recording, setRecording] = useState<Blob | null>(null)
  /** When the recording started: what its words ('tomorrow') are relative to. */
  const [startedAt, setStartedAt] = useState<Date | null>(null)
  const recorderRef = useRef<MediaRecorder | null>(null)
  const timerRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined)
  const streamRef = useRef<MediaStream | null>(null)

  const releaseMicrophone = () => {
    clearInterval(timerRef.current)
    streamRef.current?.getTracks().forEach((track) => track.stop())
    streamRef.current = null
  }

  // Leaving the screen mid-recording must not leave the microphone on.
  useEffect(() => releaseMicrophone, [])

  const start = async () => {
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS)
    } catch {
      toast.error('Recording Error', 'Could not access microphone. Please check permissions.')
      return
    }
    streamRef.current = stream
    const mimeType = preferredAudioType()
    const recorder = new MediaRecorder(stream, { mimeType })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    recorder.onstop = () => {
      releaseMicrophone()
      setRecording(new Blob(chunks, { type: mimeType }))
      setState('recorded')
    }
    recorderRef.current = recorder
    recorder.start(CHUNK_INTERVAL_MS)
    setStartedAt(new Date())
    setSeconds(0)
    setState('recording')
    timerRef.current = setInterval(() => setSeconds((value) => value + 1), TIMER_TICK_MS)
  }

  const stop = () => recorderRef.current?.stop()

  const discard = () => {
    setRecording(null)
    setSeconds(0)
    setState('idle')
  }

  return { state, seconds, recording, startedAt, start, stop, discard }
}

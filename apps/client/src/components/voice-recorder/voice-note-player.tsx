import { voiceNotePlaybackUrl } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'

export function showPlaybackError() {
  toast.error(
    'Playback Error',
    'Could not play the voice note. The audio file may be corrupted or unavailable.',
  )
}

/** A saved voice note, played through the server's voice-note route. */
export function VoiceNotePlayer({ url }: { url: string }) {
  return (
    <audio
      controls
      preload="none"
      src={voiceNotePlaybackUrl(url)}
      aria-label="Voice note"
      onError={showPlaybackError}
      style={{ width: '100%' }}
    />
  )
}

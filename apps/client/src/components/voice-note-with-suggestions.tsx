import type { SuggestionField } from '@fiveconnect/api/transcript-suggestions'
import type { UseFormReturnType } from '@mantine/form'
import type { ComponentProps } from 'react'
import { TranscriptSuggestions } from './transcript-suggestions.tsx'
import { VoiceRecorder, type VoiceNote } from './voice-recorder/voice-recorder.tsx'

const ALL_SUGGESTION_FIELDS = ['followUpOn', 'email', 'mobile', 'company', 'website'] as const

type FormValues = VoiceNote & Record<SuggestionField, string>

/**
 * A connection's voice note and what its transcript suggests, wired to the connection's form:
 * a new recording sets the note and its time; an accepted suggestion fills its field.
 */
export function VoiceNoteWithSuggestions<Values extends FormValues>({
  form,
  recordedAt,
  onRecorded,
  suggestFor = ALL_SUGGESTION_FIELDS,
  offline,
}: {
  form: UseFormReturnType<Values>
  /** When the note was recorded, which its 'next Tuesday' counts from. */
  recordedAt: Date | null
  onRecorded: (recordedAt: Date | null) => void
  /** The fields a suggestion may fill; all five unless narrowed. */
  suggestFor?: readonly SuggestionField[]
  offline?: ComponentProps<typeof VoiceRecorder>['offline']
}) {
  const { values } = form
  return (
    <>
      <VoiceRecorder
        value={{
          voiceNoteUrl: values.voiceNoteUrl,
          voiceNoteTranscription: values.voiceNoteTranscription,
        }}
        onChange={(note, at) => {
          form.setValues(note as Partial<Values>)
          onRecorded(at)
        }}
        offline={offline}
      />
      <TranscriptSuggestions
        transcript={values.voiceNoteTranscription}
        recordedAt={recordedAt}
        fields={Object.fromEntries(suggestFor.map((field) => [field, values[field]]))}
        onAccept={(field, value) => form.setValues({ [field]: value } as Partial<Values>)}
      />
    </>
  )
}

import type { SuggestionField } from '@fiveconnect/api/transcript-suggestions'
import type { UseFormReturnType } from '@mantine/form'
import type { ComponentProps } from 'react'
import { jobTitleInNotes, notesWithJobTitle } from '../lib/job-title-notes.ts'
import { TranscriptSuggestions } from './transcript-suggestions.tsx'
import { VoiceRecorder, type VoiceNote } from './voice-recorder/voice-recorder.tsx'

const ALL_SUGGESTION_FIELDS = [
  'followUpOn',
  'email',
  'mobile',
  'company',
  'title',
  'website',
] as const

/** The form's own fields; a job title lives in the notes. */
type FormValues = VoiceNote & Record<Exclude<SuggestionField, 'title'> | 'notes', string>

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
  /** The fields a suggestion may fill; all of them unless narrowed. */
  suggestFor?: readonly SuggestionField[]
  offline?: ComponentProps<typeof VoiceRecorder>['offline']
}) {
  const { values } = form
  const valueOf = (field: SuggestionField) =>
    field === 'title' ? jobTitleInNotes(values.notes) : values[field]
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
        fields={Object.fromEntries(suggestFor.map((field) => [field, valueOf(field)]))}
        onAccept={(field, value) =>
          form.setValues(
            (field === 'title'
              ? { notes: notesWithJobTitle(values.notes, value) }
              : { [field]: value }) as Partial<Values>,
          )
        }
      />
    </>
  )
}

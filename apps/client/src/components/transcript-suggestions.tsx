import type { SuggestionField, TranscriptSuggestion } from '@fiveconnect/api/transcript-suggestions'
import { Button, Stack, Text } from '@mantine/core'
import { IconSparkles } from '@tabler/icons-react'
import { useEffect, useState } from 'react'

const FIELD_NAMES: Record<SuggestionField, string> = {
  followUpOn: 'Follow-up date',
  email: 'Email',
  mobile: 'Mobile',
  company: 'Company',
  title: 'Job title',
  website: 'Website',
}

type Props = {
  transcript: string | null
  /** When the note was recorded: its 'next Tuesday' counts from then. */
  recordedAt: Date | null
  /** The fields a suggestion may fill, with their values now: one already there is not offered. */
  fields: Partial<Record<SuggestionField, string>>
  onAccept: (field: SuggestionField, value: string) => void
}

/** The region the browser is set to ('US' for en-US), where a number without +country is from. */
function browserRegion(): string | undefined {
  try {
    return new Intl.Locale(navigator.language).maximize().region
  } catch {
    return undefined
  }
}

/**
 * Reads the transcript (the parser loads on first use: chrono-node and libphonenumber-js stay
 * out of the screens' chunks) and keeps the answer for the transcript and time it was read for.
 */
function useSuggestions(transcript: string | null, recordedAt: Date | null) {
  const recordedAtMs = recordedAt?.getTime() ?? null
  const key = transcript && recordedAtMs !== null ? `${recordedAtMs}:${transcript}` : null
  const [read, setRead] = useState<{ key: string; suggestions: TranscriptSuggestion[] } | null>(
    null,
  )
  useEffect(() => {
    if (!key || !transcript || recordedAtMs === null) return
    let isCurrent = true
    void import('@fiveconnect/api/transcript-suggestions').then(({ transcriptSuggestions }) => {
      if (!isCurrent) return
      setRead({
        key,
        suggestions: transcriptSuggestions(transcript, {
          recordedAt: new Date(recordedAtMs),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          defaultCountry: browserRegion(),
        }),
      })
    })
    return () => {
      isCurrent = false
    }
  }, [key, transcript, recordedAtMs])
  return read && read.key === key ? read.suggestions : []
}

/**
 * What the voice note said that fits the form, one button each: a tap fills the field, and the
 * user still saves. Nothing is filled without a tap.
 */
export function TranscriptSuggestions({ transcript, recordedAt, fields, onAccept }: Props) {
  const suggestions = useSuggestions(transcript, recordedAt)
  const [accepted, setAccepted] = useState<string | null>(null)
  const offered = suggestions.filter(
    ({ field, value }) => field in fields && fields[field] !== value,
  )
  const accept = ({ field, value }: TranscriptSuggestion) => {
    onAccept(field, value)
    setAccepted(`${FIELD_NAMES[field]} filled in from the voice note.`)
  }
  if (offered.length === 0 && !accepted) return null
  return (
    <Stack gap={6} role="group" aria-label="Suggestions from the voice note">
      {offered.length > 0 && (
        <Text size="sm" c="dimmed">
          From your voice note:
        </Text>
      )}
      {offered.map((suggestion) => (
        <Button
          key={`${suggestion.field}:${suggestion.value}`}
          variant="light"
          justify="flex-start"
          fullWidth
          leftSection={<IconSparkles size={18} aria-hidden />}
          title={suggestion.label}
          onClick={() => accept(suggestion)}
        >
          {/* A long address ends in '…' on a narrow phone; the title holds the whole. */}
          <Text span inherit truncate="end">
            {suggestion.label}
          </Text>
        </Button>
      ))}
      <Text size="sm" c="dimmed" role="status">
        {accepted}
      </Text>
    </Stack>
  )
}

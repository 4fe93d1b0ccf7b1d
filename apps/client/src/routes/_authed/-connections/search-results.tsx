import type { ConnectionFilters } from '@fiveconnect/api/schemas'
import { ConnectionTypeChips, PersonAvatar } from '@fiveconnect/ui'
import { Alert, Card, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core'
import { firstPage, itemsOf, LoadingMoreRow, nextPageOf } from '../../../api/pages.tsx'
import type { ConnectionSearchResult } from '../../../api/router-types.ts'
import { HighlightedText } from '../../../components/highlighted-text.tsx'
import { fullNameOf } from '../../../lib/format.ts'
import { trpc } from '../../../lib/trpc.ts'
import { avatarSourcesOf } from '../../../lib/avatar-sources.ts'
import { eventTitleOf } from './connection-groups.ts'

type Props = {
  query: string
  filters: ConnectionFilters
  onOpen: (id: string) => void
}

/** Memory search results, best match first, with the matched words marked. */
export function SearchResults({ query, filters, onOpen }: Props) {
  const results = trpc.connections.search.useInfiniteQuery(
    { q: query, ...filters, ...firstPage },
    { getNextPageParam: nextPageOf },
  )
  const found = itemsOf(results.data)

  if (results.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Searching connections" />
      </Group>
    )
  }
  if (results.isError) {
    return (
      <Alert color="red" title="Search failed">
        {results.error.message}
      </Alert>
    )
  }
  return (
    <Card withBorder radius="lg" padding="sm" component="section" aria-label="Search results">
      <Text size="sm" c="dimmed" px={4} mb="xs" aria-live="polite">
        {found.length === 0
          ? `No connections match “${query}”.`
          : `${found.length}${results.hasNextPage ? '+' : ''} ${found.length === 1 ? 'connection' : 'connections'} found`}
      </Text>
      <Stack gap={4}>
        {found.map((result) => (
          <ResultRow key={result.id} result={result} onOpen={() => onOpen(result.id)} />
        ))}
      </Stack>
      <LoadingMoreRow query={results} />
    </Card>
  )
}

function ResultRow({ result, onOpen }: { result: ConnectionSearchResult; onOpen: () => void }) {
  const { person, highlights } = result
  const name = fullNameOf(person)
  const excerpt = highlights.notes
    ? { label: 'Notes', segments: highlights.notes }
    : highlights.transcription
      ? { label: 'Voice note', segments: highlights.transcription }
      : null
  return (
    // Named by its content: every marked word is in the name a screen reader reads.
    <UnstyledButton
      onClick={onOpen}
      p={6}
      mih={56}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <PersonAvatar sources={avatarSourcesOf(result)} name={name} radius="xl" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>
            <HighlightedText segments={highlights.name} text={name} />
          </Text>
          {(person.company || result.eventId) && (
            <Text size="sm" c="dimmed">
              {person.company && (
                <HighlightedText segments={highlights.company} text={person.company} />
              )}
              {person.company && result.eventId && ' · '}
              {result.eventId && (
                <HighlightedText segments={highlights.event} text={eventTitleOf(result.event)} />
              )}
            </Text>
          )}
          <ConnectionTypeChips types={result.connectionTypes} />
          {result.connectionFocus && (
            <Text size="sm" lineClamp={2}>
              <HighlightedText segments={highlights.focus} text={result.connectionFocus} />
            </Text>
          )}
          {excerpt && (
            <Text size="sm" lineClamp={3}>
              <Text span fw={600} size="sm">
                {excerpt.label}:{' '}
              </Text>
              <HighlightedText segments={excerpt.segments} />
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  )
}

import { PEOPLE_SEARCH_LIMIT, PEOPLE_SEARCH_MIN_LENGTH } from '@fiveconnect/api/schemas'
import { PersonAvatar } from '@fiveconnect/ui'
import { Alert, Card, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import type { ConnectionItem, PersonResult } from '../../../api/router-types.ts'
import { VerifiedMark } from '../../../components/connection-details-dialog.tsx'
import { fullNameOf } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/connectivity.ts'
import { toast } from '../../../lib/toast.ts'
import { trpc } from '../../../lib/trpc.ts'

export const SEARCH_DEBOUNCE_MS = 300

export type ChosenPerson = { id: string; name: string; company: string | null }

type Props = {
  search: string
  onSearchChange: (text: string) => void
  chosen: ChosenPerson | null
  onChoose: (person: ChosenPerson) => void
}

/** Offline, the people the user already met (from the saved connections) whose name matches. */
function metPeopleMatching(connections: ConnectionItem[], query: string): PersonResult[] {
  const text = query.toLowerCase()
  const people = new Map(connections.map(({ person }) => [person.id, person]))
  return [...people.values()]
    .filter((person) => fullNameOf(person).toLowerCase().includes(text))
    .slice(0, PEOPLE_SEARCH_LIMIT)
    .map((person) => ({ kind: 'person', ...person }))
}

/**
 * Name search over the user's own people and registered users' public profiles. Choosing one of
 * the user's people keeps their id; choosing a profile first records it as one of the user's people
 * (SPEC section 4: the search result is POSTed). Offline it searches the people in the user's saved
 * connections.
 */
export function PersonPicker({ search, onSearchChange, chosen, onChoose }: Props) {
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const isSearchable = debounced.length >= PEOPLE_SEARCH_MIN_LENGTH
  const isOnline = useIsOnline()
  const results = trpc.people.search.useQuery(
    { q: debounced },
    { enabled: isSearchable && isOnline },
  )
  const saved = trpc.connections.list.useQuery(undefined, { enabled: false })
  const select = trpc.people.createFromProfile.useMutation()

  const chooseOwn = (person: Pick<PersonResult, 'id' | 'firstName' | 'lastName' | 'company'>) => {
    onChoose({ id: person.id, name: fullNameOf(person), company: person.company })
    toast.success('Person Selected', `${fullNameOf(person)} is chosen for this connection.`)
  }

  const choose = (result: PersonResult) =>
    result.kind === 'person'
      ? chooseOwn(result)
      : select.mutate(
          { userId: result.id },
          {
            onSuccess: chooseOwn,
            onError: () =>
              toast.error('Selection Failed', 'Failed to select person. Please try again.'),
          },
        )

  return (
    <Stack gap="xs">
      <TextInput
        label="Search by name"
        placeholder="Start typing a name..."
        leftSection={<IconSearch size={18} aria-hidden />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        autoComplete="off"
        // Only while it helps, so the fast path (name, type, Save) keeps its room on screen.
        description={
          search.trim() && !isSearchable
            ? `Type at least ${PEOPLE_SEARCH_MIN_LENGTH} characters to search.`
            : undefined
        }
      />
      {chosen ? (
        <Card withBorder radius="md" padding="sm" aria-label="Selected person">
          <Group wrap="nowrap">
            <PersonAvatar sources={[]} name={chosen.name} radius="xl" />
            <Stack gap={0}>
              <Text fw={600}>{chosen.name}</Text>
              {chosen.company && (
                <Text size="sm" c="dimmed">
                  {chosen.company}
                </Text>
              )}
            </Stack>
          </Group>
        </Card>
      ) : (
        isSearchable && (
          <SearchResults
            results={
              isOnline
                ? results
                : {
                    isPending: false,
                    isError: false,
                    data: metPeopleMatching(saved.data ?? [], debounced),
                  }
            }
            isSelecting={select.isPending}
            onChoose={choose}
          />
        )
      )}
    </Stack>
  )
}

function SearchResults({
  results,
  isSelecting,
  onChoose,
}: {
  results: { isPending: boolean; isError: boolean; data?: PersonResult[] }
  isSelecting: boolean
  onChoose: (person: PersonResult) => void
}) {
  if (results.isPending) {
    return (
      <Group justify="center" py="xs">
        <Loader size="sm" aria-label="Searching people" />
      </Group>
    )
  }
  if (results.isError) {
    return (
      <Alert color="red" title="Search failed">
        The search could not be run. You can still add the person below.
      </Alert>
    )
  }
  if (!results.data?.length) {
    return (
      <Text size="sm" c="dimmed">
        No matching people. Add them below.
      </Text>
    )
  }
  return (
    <Stack
      gap={4}
      component="ul"
      aria-label="Matching people"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {results.data.map((person) => (
        <li key={`${person.kind}-${person.id}`}>
          <UnstyledButton
            w="100%"
            onClick={() => onChoose(person)}
            disabled={isSelecting}
            p={6}
            mih={48}
            aria-label={`Choose ${fullNameOf(person)}`}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group wrap="nowrap">
              <PersonAvatar
                sources={[person.profileImageUrl]}
                name={fullNameOf(person)}
                radius="xl"
              />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} truncate>
                    {fullNameOf(person)}
                  </Text>
                  {person.hasUserProfile && <VerifiedMark />}
                </Group>
                {(person.company || person.email) && (
                  <Text size="sm" c="dimmed" truncate>
                    {[person.company, person.email].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Stack>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  )
}

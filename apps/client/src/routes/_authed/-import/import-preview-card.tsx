import { NO_NAME_MESSAGE, type ImportChoice, type ImportPreview } from '@fiveconnect/api/schemas'
import { Button, Card, List, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { fullNameOf } from '../../../lib/format.ts'
import { FORMAT_LABELS, type Reviewed } from './review-contacts.ts'

const REASON_LABELS = {
  email: 'Same email',
  mobile: 'Same mobile',
  linkedin: 'Same LinkedIn',
  name: 'Similar name at the same company',
} as const

// A big file can have thousands of duplicates; the first ones show what happened.
const LISTED = 100

const people = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'person' : 'people'}`

type Duplicate = ImportPreview['duplicates'][number]
type Action = ImportChoice['action']

type Props = {
  reviewed: Reviewed
  isImporting: boolean
  onImport: (choices: ImportChoice[]) => void
  onCancel: () => void
}

/**
 * The person a flagged contact would be merged into: the first of the user's people it matches
 * (listed first, as 'Matches …').
 */
const mergeTargetOf = (duplicate: Duplicate) =>
  duplicate.matches.find((match) => match.kind === 'person')

/**
 * What importing the file will do: how many people, the duplicates (strong and weak matches apart,
 * each skipped unless the user imports it anyway or merges it), what is skipped.
 */
export function ImportPreviewCard({ reviewed, isImporting, onImport, onCancel }: Props) {
  const { preview, skipped } = reviewed
  const duplicates = preview?.duplicates ?? []
  const [actions, setActions] = useState<ReadonlyMap<number, Action>>(new Map())
  const actionOf = (position: number) => actions.get(position) ?? 'skip'
  const chosen = (action: Action) =>
    duplicates.filter((duplicate) => actionOf(duplicate.position) === action).length
  const toImport = (preview?.toImport ?? 0) + chosen('import')
  const toMerge = chosen('merge')
  const choices = duplicates.flatMap((duplicate): ImportChoice[] => {
    const action = actionOf(duplicate.position)
    const target = mergeTargetOf(duplicate)
    if (action === 'import') return [{ position: duplicate.position, action }]
    if (action === 'merge' && target) {
      return [{ position: duplicate.position, action, personId: target.personId }]
    }
    return []
  })
  const choose = (position: number, action: Action) =>
    setActions((current) => new Map(current).set(position, action))
  const strong = duplicates.filter((duplicate) => duplicate.strength === 'strong')
  const weak = duplicates.filter((duplicate) => duplicate.strength === 'weak')
  const nameless = skipped.filter((entry) => entry.reason === NO_NAME_MESSAGE).length
  const invalid = skipped.filter((entry) => entry.reason !== NO_NAME_MESSAGE)
  const rowWord = reviewed.format === 'vcard' ? 'Card' : 'Row'
  const heading = useRef<HTMLHeadingElement>(null)
  // Keyboard and screen-reader users land on the outcome once the file has been checked.
  useEffect(() => heading.current?.focus(), [])

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Import preview">
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            {FORMAT_LABELS[reviewed.format]}
          </Text>
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {reviewed.fileName}
          </Text>
        </div>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {toImport > 0 ? `${people(toImport)} will be imported` : 'No one new to import'}
        </Title>
        {toMerge > 0 && (
          <Text size="sm">
            {toMerge === 1
              ? '1 contact will be merged into someone you have.'
              : `${toMerge} contacts will be merged into people you have.`}
          </Text>
        )}

        <Duplicates
          label="Same person"
          hint="Same email, mobile or LinkedIn."
          duplicates={strong}
          rowWord={rowWord}
          actionOf={actionOf}
          onChoose={choose}
        />
        <Duplicates
          label="Perhaps the same person"
          hint="A similar name at the same company."
          duplicates={weak}
          rowWord={rowWord}
          actionOf={actionOf}
          onChoose={choose}
        />

        {skipped.length > 0 && (
          <Stack gap="xs" component="section" aria-label="Skipped">
            <Title order={3} size="h5">
              Skipped ({skipped.length})
            </Title>
            {nameless > 0 && (
              <Text size="sm">
                {nameless === 1 ? '1 contact has no name.' : `${nameless} contacts have no name.`}
              </Text>
            )}
            <List spacing={4} listStyleType="none" p={0}>
              {invalid.slice(0, LISTED).map((entry) => (
                <List.Item key={entry.position}>
                  <Text size="sm">
                    {rowWord} {entry.position}
                    {entry.name && ` · ${entry.name}`}: {entry.reason}
                  </Text>
                </List.Item>
              ))}
            </List>
            <More count={invalid.length} />
          </Stack>
        )}

        <Stack gap="xs">
          <Button
            fullWidth
            onClick={() => onImport(choices)}
            disabled={toImport + toMerge === 0 || isImporting}
          >
            {isImporting
              ? 'Importing...'
              : `Import ${people(toImport)}${toMerge > 0 ? `, merge ${toMerge}` : ''}`}
          </Button>
          <Button variant="default" fullWidth onClick={onCancel} disabled={isImporting}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}

type DuplicatesProps = {
  label: string
  hint: string
  duplicates: Duplicate[]
  rowWord: string
  actionOf: (position: number) => Action
  onChoose: (position: number, action: Action) => void
}

/** One kind of duplicates, each with its choice: skip (the default), import anyway, or merge. */
function Duplicates({ label, hint, duplicates, rowWord, actionOf, onChoose }: DuplicatesProps) {
  if (duplicates.length === 0) return null
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Title order={3} size="h5">
        {label} ({duplicates.length})
      </Title>
      <Text size="sm" c="dimmed">
        {hint} Skipped unless you choose otherwise.
      </Text>
      <List spacing="sm" listStyleType="none" p={0}>
        {duplicates.slice(0, LISTED).map((duplicate) => {
          const name = fullNameOf(duplicate)
          const target = mergeTargetOf(duplicate)
          // Each email is one person's: a contact with the email of someone the user has cannot
          // be a second person.
          const isSameEmail = duplicate.matches.some((match) => match.reasons.includes('email'))
          return (
            <List.Item key={duplicate.position}>
              <Text size="sm" fw={600}>
                {name}
              </Text>
              {duplicate.matches.map((match) => (
                <Text
                  size="sm"
                  c="dimmed"
                  key={match.kind === 'person' ? match.personId : `row-${match.ofPosition}`}
                >
                  {match.kind === 'person'
                    ? `Matches ${fullNameOf(match)}${match.company ? ` (${match.company})` : ''}`
                    : `Repeats ${rowWord.toLowerCase()} ${match.ofPosition} of this file (${fullNameOf(match)})`}
                  {' · '}
                  {match.reasons.map((reason) => REASON_LABELS[reason]).join(', ')}
                </Text>
              ))}
              <SegmentedControl<Action>
                mt={4}
                fullWidth
                size="xs"
                value={actionOf(duplicate.position)}
                onChange={(action) => onChoose(duplicate.position, action)}
                aria-label={`What to do with ${name}`}
                data={[
                  { value: 'skip', label: 'Skip' },
                  { value: 'import', label: 'Import anyway', disabled: isSameEmail },
                  ...(target ? [{ value: 'merge' as const, label: 'Merge' }] : []),
                ]}
              />
            </List.Item>
          )
        })}
      </List>
      <More count={duplicates.length} />
    </Stack>
  )
}

function More({ count }: { count: number }) {
  if (count <= LISTED) return null
  return (
    <Text size="sm" c="dimmed">
      …and {(count - LISTED).toLocaleString('en-GB')} more.
    </Text>
  )
}

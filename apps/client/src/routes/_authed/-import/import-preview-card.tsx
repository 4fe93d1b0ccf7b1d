import { NO_NAME_MESSAGE } from '@fiveconnect/api/schemas'
import { Button, Card, List, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
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

type Props = {
  reviewed: Reviewed
  isImporting: boolean
  onImport: () => void
  onCancel: () => void
}

/** What importing the file will do: how many people, the duplicates left out, what is skipped. */
export function ImportPreviewCard({ reviewed, isImporting, onImport, onCancel }: Props) {
  const { preview, skipped } = reviewed
  const toImport = preview?.toImport ?? 0
  const duplicates = preview?.duplicates ?? []
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

        {duplicates.length > 0 && (
          <Stack gap="xs" component="section" aria-label="Duplicates">
            <Title order={3} size="h5">
              Duplicates ({duplicates.length}) – not imported
            </Title>
            <List spacing="xs" listStyleType="none" p={0}>
              {duplicates.slice(0, LISTED).map((duplicate) => (
                <List.Item key={duplicate.position}>
                  <Text size="sm" fw={600}>
                    {fullNameOf(duplicate)}
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
                </List.Item>
              ))}
            </List>
            <More count={duplicates.length} />
          </Stack>
        )}

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
          <Button fullWidth onClick={onImport} disabled={toImport === 0 || isImporting}>
            {isImporting ? 'Importing...' : `Import ${people(toImport)}`}
          </Button>
          <Button variant="default" fullWidth onClick={onCancel} disabled={isImporting}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Card>
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

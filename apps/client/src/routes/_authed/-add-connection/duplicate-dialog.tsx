import { Button, Card, Modal, Stack, Text } from '@mantine/core'
import type { PersonMatch } from '../../../api/router-types.ts'
import { formatDate, fullNameOf } from '../../../lib/format.ts'

const REASON_LABELS: Record<PersonMatch['reasons'][number], string> = {
  email: 'Same email',
  mobile: 'Same mobile',
  linkedin: 'Same LinkedIn',
  name: 'Similar name at the same company',
}

type Props = {
  matches: PersonMatch[] | null
  isBusy: boolean
  onAttach: (personId: string) => void
  onSaveAsNew: () => void
  onCancel: () => void
}

/** Before saving a new person: the people the user already met who look like them. */
export function DuplicateDialog({ matches, isBusy, onAttach, onSaveAsNew, onCancel }: Props) {
  return (
    <Modal opened={matches !== null} onClose={onCancel} title="Met before?" centered>
      <Stack gap="md">
        <Text>
          {matches?.length === 1
            ? 'You may have met this person already. Add this meeting to them?'
            : 'You may have met this person already. Add this meeting to one of them?'}
        </Text>
        {matches?.map((match) => {
          const name = fullNameOf(match.person)
          return (
            <Card key={match.person.id} withBorder radius="md" padding="sm">
              <Stack gap={4}>
                <Text fw={700}>{name}</Text>
                {match.person.company && <Text size="sm">{match.person.company}</Text>}
                <Text size="sm">
                  {match.reasons.map((reason) => REASON_LABELS[reason]).join(' · ')}
                </Text>
                <Text size="sm" c="dimmed">
                  Met {match.meetings === 1 ? 'once' : `${match.meetings} times`}
                  {match.lastMetAt && `, last on ${formatDate(match.lastMetAt)}`}
                </Text>
                <Button mt={4} disabled={isBusy} onClick={() => onAttach(match.person.id)}>
                  Add to {name}
                </Button>
              </Stack>
            </Card>
          )
        })}
        <Button variant="default" disabled={isBusy} onClick={onSaveAsNew}>
          Save as a new person
        </Button>
        <Button variant="subtle" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
      </Stack>
    </Modal>
  )
}

import { ConnectionTypeChips, PersonAvatar } from '@fiveconnect/ui'
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconAddressBook, IconRosette, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useUpdateConnection } from '../api/connection-mutations.ts'
import type { ConnectionItem } from '../api/router-types.ts'
import { VoiceNotePlayer } from './voice-recorder/voice-note-player.tsx'
import { followUpCalendarUrl } from '../lib/follow-ups.ts'
import { avatarSourcesOf } from '../lib/avatar-sources.ts'
import { formatDate, fullNameOf, withProtocol } from '../lib/format.ts'
import { toast } from '../lib/toast.ts'
import { MeetingTimeline } from './meeting-timeline.tsx'

/** The connection's person as a vCard, for the phone's address book. */
const contactCardUrl = (connectionId: string) => `/api/connections/${connectionId}/contact.vcf`

type Props = {
  connection: ConnectionItem | null
  onClose: () => void
  /** Where the list offers editing: adds Edit Connection and deleting the voice note. */
  onEdit?: (connection: ConnectionItem) => void
}

/** One connection, as Home and the connections list show it (SPEC section 2). */
export function ConnectionDetailsDialog({ connection, onClose, onEdit }: Props) {
  return (
    <Modal opened={connection !== null} onClose={onClose} title="Connection Details" centered>
      {connection && (
        <ConnectionDetails connection={connection} onClose={onClose} onEdit={onEdit} />
      )}
    </Modal>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

function Missing({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  )
}

function DetailRow({ label, value, href }: { label: string; value: string; href?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} miw={80}>
        {label}
      </Text>
      {href ? (
        <Anchor
          href={href}
          size="sm"
          target="_blank"
          rel="noreferrer"
          style={{ wordBreak: 'break-all' }}
        >
          {value}
        </Anchor>
      ) : (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {value}
        </Text>
      )}
    </Group>
  )
}

function ConnectionDetails({
  connection,
  onClose,
  onEdit,
}: {
  connection: ConnectionItem
  onClose: () => void
  onEdit?: (connection: ConnectionItem) => void
}) {
  const { person } = connection
  const name = fullNameOf(person)
  const wasUpdated = connection.updatedAt.getTime() !== connection.createdAt.getTime()
  return (
    <Stack gap="md">
      <Group wrap="nowrap">
        <PersonAvatar sources={avatarSourcesOf(connection)} name={name} size={56} radius="xl" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} size="lg">
              {name}
            </Text>
            {person.hasUserProfile && <VerifiedMark />}
          </Group>
          {person.title && <Text size="sm">{person.title}</Text>}
        </Stack>
      </Group>

      <Stack gap={6}>
        {person.company && <DetailRow label="Company" value={person.company} />}
        {person.email && (
          <DetailRow label="Email" value={person.email} href={`mailto:${person.email}`} />
        )}
        {person.mobile && (
          <DetailRow label="Mobile" value={person.mobile} href={`tel:${person.mobile}`} />
        )}
        {person.location && <DetailRow label="Location" value={person.location} />}
        {person.website && (
          <DetailRow label="Website" value={person.website} href={withProtocol(person.website)} />
        )}
        {person.linkedin && (
          <DetailRow
            label="LinkedIn"
            value={person.linkedin}
            href={withProtocol(person.linkedin)}
          />
        )}
        {connection.event && (
          <DetailRow label="Event" value={connection.event.title || 'Unknown Event'} />
        )}
        {connection.followUpOn && (
          <Group gap="xs" wrap="nowrap" align="center">
            <Text size="sm" fw={600} miw={80}>
              Follow up
            </Text>
            <Text size="sm">
              {formatDate(new Date(`${connection.followUpOn}T00:00:00`))}
              {connection.followUpDone && ' (done)'}
            </Text>
            <Anchor href={followUpCalendarUrl(connection.id)} download size="sm">
              Add to calendar
            </Anchor>
          </Group>
        )}
      </Stack>

      <Section title="Connection Types">
        <ConnectionTypeChips
          types={connection.connectionTypes}
          emptyText="No connection types specified"
        />
      </Section>
      <Section title="Focus Areas">
        {connection.connectionFocus ? (
          <Text size="sm">{connection.connectionFocus}</Text>
        ) : (
          <Missing>No focus areas specified</Missing>
        )}
      </Section>
      <Section title="Notes">
        {connection.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {connection.notes}
          </Text>
        ) : (
          <Missing>No notes added</Missing>
        )}
      </Section>
      <Section title="Voice Note">
        {connection.voiceNoteUrl ? (
          <SavedVoiceNote
            connection={connection}
            voiceNoteUrl={connection.voiceNoteUrl}
            canDelete={onEdit !== undefined}
          />
        ) : (
          <Missing>No voice note recorded</Missing>
        )}
      </Section>
      <Section title="Photos">
        {connection.photos.length > 0 ? (
          <SimpleGrid cols={3} spacing="xs">
            {connection.photos.map((photo, index) => (
              <a key={photo} href={photo} target="_blank" rel="noreferrer">
                <Image
                  src={photo}
                  alt={`Photo ${index + 1} of ${name}`}
                  radius="sm"
                  h={88}
                  fit="cover"
                />
              </a>
            ))}
          </SimpleGrid>
        ) : (
          <Missing>No photos attached</Missing>
        )}
      </Section>

      <MeetingTimeline connection={connection} />

      <Stack gap={2}>
        <Text size="sm">Connected {formatDate(connection.createdAt)}</Text>
        {wasUpdated && <Text size="sm">Last Updated {formatDate(connection.updatedAt)}</Text>}
      </Stack>
      <Button
        component="a"
        href={contactCardUrl(connection.id)}
        download
        variant="light"
        leftSection={<IconAddressBook size={18} aria-hidden />}
      >
        Save to Contacts (.vcf)
      </Button>
      <Group grow preventGrowOverflow={false}>
        {onEdit && <Button onClick={() => onEdit(connection)}>Edit Connection</Button>}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  )
}

export function VerifiedMark() {
  return (
    <Badge
      color="indigo"
      variant="light"
      size="sm"
      leftSection={<IconRosette size={12} aria-hidden />}
    >
      Verified
    </Badge>
  )
}

/** SPEC section 2: deleting the voice note saves the empty voice-note fields at once. */
function SavedVoiceNote({
  connection,
  voiceNoteUrl,
  canDelete,
}: {
  connection: ConnectionItem
  voiceNoteUrl: string
  canDelete: boolean
}) {
  const update = useUpdateConnection()
  const remove = () =>
    update.mutate(
      { id: connection.id, voiceNoteUrl: null, voiceNoteTranscription: null },
      {
        onSuccess: () =>
          toast.success(
            'Voice Note Deleted',
            'The voice note has been removed from this connection.',
          ),
        onError: () =>
          toast.error(
            'Failed to Update Connection',
            'An error occurred while updating the connection.',
          ),
      },
    )
  return (
    <Stack gap={6}>
      <VoiceNotePlayer url={voiceNoteUrl} />
      {connection.voiceNoteTranscription && (
        <Text size="sm" fs="italic">
          {connection.voiceNoteTranscription}
        </Text>
      )}
      {canDelete && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={remove}
          disabled={update.isPending}
        >
          {update.isPending ? 'Deleting...' : 'Delete voice note'}
        </Button>
      )}
    </Stack>
  )
}

import { ConnectionTypeChips, PersonAvatar } from '@fiveconnect/ui'
import {
  Anchor,
  Button,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconRosette } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { ConnectionItem } from '../api/router-types.ts'
import { formatDate, fullNameOf, voiceNotePlaybackUrl, withProtocol } from '../lib/format.ts'
import { MeetingTimeline } from './meeting-timeline.tsx'

/** Avatar priority of SPEC section 2: first photo, then the person's profile image, then initials. */
export function avatarSourcesOf(connection: ConnectionItem) {
  return [connection.photos[0], connection.person.profileImageUrl]
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

function ContactRow({ label, value, href }: { label: string; value: string; href?: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600} miw={72}>
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
        <Text size="sm">{value}</Text>
      )}
    </Group>
  )
}

export function ConnectionDetailsDialog({
  connection,
  onClose,
}: {
  connection: ConnectionItem | null
  onClose: () => void
}) {
  return (
    <Modal
      opened={connection !== null}
      onClose={onClose}
      title="Connection Details"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {connection && <ConnectionDetails connection={connection} onClose={onClose} />}
    </Modal>
  )
}

function ConnectionDetails({
  connection,
  onClose,
}: {
  connection: ConnectionItem
  onClose: () => void
}) {
  const { person } = connection
  const name = fullNameOf(person)
  const wasUpdated = connection.updatedAt.getTime() !== connection.createdAt.getTime()
  return (
    <Stack gap="md">
      <Group wrap="nowrap">
        <PersonAvatar sources={avatarSourcesOf(connection)} name={name} size={56} radius="xl" />
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} size="lg">
              {name}
            </Text>
            {person.hasUserProfile && (
              <Tooltip label="Verified profile">
                <IconRosette
                  size={20}
                  color="var(--mantine-color-indigo-8)"
                  aria-label="Verified profile"
                  role="img"
                />
              </Tooltip>
            )}
          </Group>
          {person.company && <Text size="sm">{person.company}</Text>}
        </Stack>
      </Group>

      <Stack gap={6}>
        {person.company && <ContactRow label="Company" value={person.company} />}
        {person.email && (
          <ContactRow label="Email" value={person.email} href={`mailto:${person.email}`} />
        )}
        {person.mobile && (
          <ContactRow label="Mobile" value={person.mobile} href={`tel:${person.mobile}`} />
        )}
        {person.website && (
          <ContactRow label="Website" value={person.website} href={withProtocol(person.website)} />
        )}
        {person.linkedin && (
          <ContactRow
            label="LinkedIn"
            value={person.linkedin}
            href={withProtocol(person.linkedin)}
          />
        )}
        {connection.event && <ContactRow label="Event" value={connection.event.title} />}
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
          <Stack gap={4}>
            <audio
              controls
              src={voiceNotePlaybackUrl(connection.voiceNoteUrl)}
              aria-label="Voice note"
              style={{ width: '100%' }}
            />
            {connection.voiceNoteTranscription && (
              <Text size="sm" fs="italic">
                {connection.voiceNoteTranscription}
              </Text>
            )}
          </Stack>
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
      <Button variant="default" onClick={onClose} fullWidth>
        Close
      </Button>
    </Stack>
  )
}

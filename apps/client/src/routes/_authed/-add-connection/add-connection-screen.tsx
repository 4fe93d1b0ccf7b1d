import type { BusinessCard } from '@fiveconnect/api/business-card'
import { parseVCard, type ImportedContact } from '@fiveconnect/api/vcard'
import {
  ActionIcon,
  Box,
  Button,
  FileButton,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAddressBook, IconHistory, IconId, IconQrcode } from '@tabler/icons-react'
import { Link, useSearch } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useCurrentUser } from '../../../api/auth.ts'
import { useUploadConnectionPhoto } from '../../../api/uploads.ts'
import type { PersonMatch } from '../../../api/router-types.ts'
import { BOTTOM_NAV_HEIGHT } from '../../../components/bottom-nav.tsx'
import { ClosableScreenTitle } from '../../../components/closable-screen-title.tsx'
import { ConnectionTypeToggles } from '../../../components/connection-type-toggles.tsx'
import { PhotoField } from '../../../components/photo-field.tsx'
import { VoiceNoteWithSuggestions } from '../../../components/voice-note-with-suggestions.tsx'
import { notesWithJobTitle } from '../../../lib/job-title-notes.ts'
import { lastCapture, suggestedEventId } from '../../../lib/capture-memory.ts'
import { eventPickerOptions, NO_EVENT } from '../../../lib/event-options.ts'
import { fullNameOf } from '../../../lib/format.ts'
import { useKeyboardInset } from '../../../lib/keyboard-inset.ts'
import { readBytes } from '../../../lib/read-bytes.ts'
import { toast } from '../../../lib/toast.ts'
import { isOnline } from '../../../lib/connectivity.ts'
import {
  emptyConnection,
  hasBothNames,
  parseNewPerson,
  type AddConnectionValues,
} from './add-connection-form.ts'
import { CardScanDialog } from './card-scan-dialog.tsx'
import { DuplicateDialog } from './duplicate-dialog.tsx'
import { PersonPicker, type ChosenPerson } from './person-picker.tsx'
import { ScanContactDialog } from './scan-contact-dialog.tsx'
import { useSaveConnection, type ConnectionDraft } from './use-save-connection.ts'
import { useEvents } from '../../../api/events.ts'

const MAX_CONTACT_FILE_BYTES = 1024 * 1024

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  )
}

/**
 * Save, always in sight: stuck above the bottom navigation, or above the on-screen keyboard while
 * one is up, wherever the form is scrolled to.
 */
function SaveBar({ isSaving, isAttachingCard }: { isSaving: boolean; isAttachingCard: boolean }) {
  const keyboardInset = useKeyboardInset()
  return (
    <Box
      pos="sticky"
      py="sm"
      bg="var(--mantine-color-body)"
      style={{
        bottom: Math.max(BOTTOM_NAV_HEIGHT, keyboardInset),
        zIndex: 5,
        borderTop: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Button type="submit" disabled={isSaving || isAttachingCard} fullWidth>
        {isSaving ? 'Saving...' : isAttachingCard ? 'Adding the card photo...' : 'Save Connection'}
      </Button>
    </Box>
  )
}

export function AddConnectionScreen() {
  const { eventId: presetEventId } = useSearch({ from: '/_authed/add-connection' })
  const eventId = presetEventId ?? NO_EVENT
  const events = useEvents()
  const uploadPhoto = useUploadConnectionPhoto()
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<ChosenPerson | null>(null)
  const [matches, setMatches] = useState<PersonMatch[] | null>(null)
  const [isScanning, setIsScanning] = useState(false)
  const [isScanningCard, setIsScanningCard] = useState(false)
  const [isAttachingCard, setIsAttachingCard] = useState(false)
  const [photosOnDevice, setPhotosOnDevice] = useState<Blob[]>([])
  const [voiceNoteOnDevice, setVoiceNoteOnDevice] = useState<Blob | null>(null)
  const [voiceNoteRecordedAt, setVoiceNoteRecordedAt] = useState<Date | null>(null)
  const { user } = useCurrentUser()
  const [memory] = useState(() => (user ? lastCapture(user.id) : null))
  const form = useForm<AddConnectionValues>({ initialValues: emptyConnection(eventId) })
  const { save: saveConnection, isSaving } = useSaveConnection({ onDuplicates: setMatches })

  // Without ?eventId=, the event the user is at today, once the events are known; once only,
  // and never over the user's own choice.
  const hasPreselected = useRef(presetEventId !== undefined)
  useEffect(() => {
    if (hasPreselected.current || !events.data) return
    hasPreselected.current = true
    const suggested = suggestedEventId(events.data, memory)
    if (suggested && !form.isTouched('eventId')) form.setFieldValue('eventId', suggested)
  }, [events.data, memory, form])

  const changeSearch = (text: string) => {
    setSearch(text)
    setChosen(null)
  }

  /** The new person, checked as the server will check them; null (with the errors shown) if wrong. */
  const newPersonOf = (values: AddConnectionValues) => {
    if (!hasBothNames(values)) {
      toast.error('Validation Error', 'First name and last name are required.')
      return null
    }
    const parsed = parseNewPerson(values)
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setFieldError(String(issue.path[0]), issue.message)
      return null
    }
    return { details: parsed.data }
  }

  const draftOf = (values: AddConnectionValues): ConnectionDraft => ({
    values,
    voiceNoteRecordedAt,
    photosOnDevice,
    voiceNoteOnDevice,
  })

  const save = form.onSubmit((values) => {
    const person = chosen ?? newPersonOf(values)
    if (person) void saveConnection(draftOf(values), person)
  })

  const closeMatches = () => setMatches(null)
  const lastTypes = memory?.connectionTypes ?? []

  const importContact = async (file: File | null) => {
    if (!file) return
    if (file.size > MAX_CONTACT_FILE_BYTES) {
      toast.error('Import Failed', 'Contact files must be 1 MB or smaller.')
      return
    }
    // Bytes, not text: the card says its own encoding (CHARSET, Windows-1252, Shift_JIS).
    const contact = await readBytes(file).then(parseVCard, () => null)
    if (!contact) {
      toast.error('Import Failed', 'That file has no contact card with a name in it.')
      return
    }
    fillNewPerson(contact)
    toast.success('Contact Imported', `${contact.firstName} ${contact.lastName}`.trim())
  }

  const fillNewPerson = (contact: Partial<ImportedContact>) => {
    changeSearch('')
    form.setValues(contact)
  }

  const scanned = (contact: Partial<ImportedContact>) => {
    setIsScanning(false)
    fillNewPerson(contact)
    const name = `${contact.firstName ?? ''} ${contact.lastName ?? ''}`.trim()
    toast.success('Contact Scanned', name || 'LinkedIn profile added. Now type their name.')
  }

  /**
   * The details the user confirmed from a paper card. People have no job title the create call
   * takes, so the title goes to the notes. The card photo goes first among the photos: uploaded now
   * when online, kept on the device (to upload with the save) otherwise or if the upload fails.
   */
  const cardRead = (card: BusinessCard, photo: Blob) => {
    setIsScanningCard(false)
    const name = `${card.firstName} ${card.lastName}`.trim()
    toast.success('Card Scanned', name || 'Now type their name.')
    changeSearch('')
    const { title, phone, ...person } = card
    form.setValues({
      ...person,
      mobile: phone,
      notes: title ? notesWithJobTitle(form.values.notes, title) : form.values.notes,
    })
    const keepOnDevice = () => setPhotosOnDevice((photos) => [photo, ...photos])
    if (!isOnline()) return keepOnDevice()
    // Save waits for the upload, so the card is never left out of the saved photos.
    setIsAttachingCard(true)
    uploadPhoto
      .mutateAsync(photo)
      .then((path) => form.setFieldValue('photos', (photos) => [path, ...photos]), keepOnDevice)
      .finally(() => setIsAttachingCard(false))
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <ClosableScreenTitle title="Add Connection" closeTo="/" />

        {/* The common case first: a name and a type, with Save in sight; optional parts below. */}
        <Step title="Who did you meet?">
          <Stack gap="xs">
            <PersonPicker
              search={search}
              onSearchChange={changeSearch}
              chosen={chosen}
              onChoose={setChosen}
            />
            {!chosen && (
              <>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm" c="dimmed">
                    or add new person
                  </Text>
                  <Group gap="xs" wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      aria-label="Scan business card"
                      title="Scan business card"
                      onClick={() => setIsScanningCard(true)}
                    >
                      <IconId size={20} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label="Scan QR code"
                      title="Scan QR code"
                      onClick={() => setIsScanning(true)}
                    >
                      <IconQrcode size={20} aria-hidden />
                    </ActionIcon>
                    <FileButton
                      accept=".vcf,text/vcard,text/x-vcard"
                      onChange={(file) => void importContact(file)}
                    >
                      {(props) => (
                        <ActionIcon
                          {...props}
                          variant="default"
                          aria-label="Import contact (.vcf)"
                          title="Import contact (.vcf)"
                        >
                          <IconAddressBook size={20} aria-hidden />
                        </ActionIcon>
                      )}
                    </FileButton>
                  </Group>
                </Group>
                <SimpleGrid cols={2} spacing="xs">
                  <TextInput
                    label="First name"
                    autoComplete="off"
                    required
                    // Most visits add someone new: the keyboard comes up ready for their name.
                    autoFocus
                    {...form.getInputProps('firstName')}
                  />
                  <TextInput
                    label="Last name"
                    autoComplete="off"
                    required
                    {...form.getInputProps('lastName')}
                  />
                </SimpleGrid>
              </>
            )}
          </Stack>
        </Step>

        <Step title="Connection Details">
          <Stack gap="md">
            {lastTypes.length > 0 && form.values.connectionTypes.length === 0 && (
              <Button
                variant="light"
                justify="flex-start"
                leftSection={<IconHistory size={18} aria-hidden />}
                onClick={() => form.setFieldValue('connectionTypes', lastTypes)}
              >
                Same as last time: {lastTypes.join(', ')}
              </Button>
            )}
            <ConnectionTypeToggles
              value={form.values.connectionTypes}
              onChange={(types) => form.setFieldValue('connectionTypes', types)}
            />
            <TextInput
              label="Focus"
              placeholder="What will you work on together?"
              {...form.getInputProps('connectionFocus')}
            />
            <Textarea label="Notes" rows={4} {...form.getInputProps('notes')} />
            <TextInput
              label="Follow up on"
              description="Optional: the day to get back in touch"
              type="date"
              {...form.getInputProps('followUpOn')}
            />
            <VoiceNoteWithSuggestions
              form={form}
              recordedAt={voiceNoteRecordedAt}
              onRecorded={setVoiceNoteRecordedAt}
              // A chosen person's details are theirs to edit elsewhere: only the follow-up here.
              suggestFor={chosen ? ['followUpOn'] : undefined}
              offline={{
                recording: voiceNoteOnDevice,
                onChange: (recording, recordedAt) => {
                  setVoiceNoteOnDevice(recording)
                  setVoiceNoteRecordedAt(recordedAt)
                },
              }}
            />
            <PhotoField
              value={form.values.photos}
              onChange={(photos) => form.setFieldValue('photos', photos)}
              offline={{ photos: photosOnDevice, onChange: setPhotosOnDevice }}
            />
          </Stack>
        </Step>

        <Step title="Select Event (Optional)">
          <NativeSelect
            label="Event"
            data={[
              { value: NO_EVENT, label: 'No event - Personal connection' },
              ...eventPickerOptions(events.data ?? [], eventId),
            ]}
            {...form.getInputProps('eventId')}
          />
        </Step>

        {!chosen && (
          <Step title="More about them (optional)">
            <Stack gap="xs">
              <TextInput label="Company" autoComplete="off" {...form.getInputProps('company')} />
              <TextInput
                label="Email"
                type="email"
                autoComplete="off"
                {...form.getInputProps('email')}
              />
              <TextInput
                label="Mobile"
                type="tel"
                autoComplete="off"
                {...form.getInputProps('mobile')}
              />
              <TextInput label="LinkedIn" type="url" {...form.getInputProps('linkedin')} />
              <TextInput label="Website" type="url" {...form.getInputProps('website')} />
            </Stack>
          </Step>
        )}

        <Button component={Link} to="/import" variant="subtle">
          Import many contacts at once
        </Button>

        <SaveBar isSaving={isSaving} isAttachingCard={isAttachingCard} />
      </Stack>
      <DuplicateDialog
        matches={matches}
        isBusy={isSaving}
        onAttach={(personId) => {
          const match = matches?.find(({ person }) => person.id === personId)
          closeMatches()
          if (match) {
            const { id } = match.person
            void saveConnection(draftOf(form.values), { id, name: fullNameOf(match.person) })
          }
        }}
        onSaveAsNew={() => {
          closeMatches()
          const person = newPersonOf(form.values)
          if (person) void saveConnection(draftOf(form.values), person, { checkDuplicates: false })
        }}
        onCancel={closeMatches}
      />
      <ScanContactDialog
        opened={isScanning}
        onClose={() => setIsScanning(false)}
        onScanned={scanned}
      />
      <CardScanDialog
        opened={isScanningCard}
        onClose={() => setIsScanningCard(false)}
        onUse={cardRead}
      />
    </form>
  )
}

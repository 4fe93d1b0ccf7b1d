import {
  MAX_IMPORT_CONTACTS,
  MAX_IMPORT_FILE_BYTES,
  type ImportChoice,
} from '@fiveconnect/api/schemas'
// Its own entry, so papaparse loads with this screen only.
import { readContactFile } from '@fiveconnect/api/contact-files'
import { Button, Card, FileButton, Progress, Stack, Text } from '@mantine/core'
import { IconFileImport } from '@tabler/icons-react'
import { useState } from 'react'
import { ClosableScreenTitle } from '../../../components/closable-screen-title.tsx'
import { readBytes } from '../../../lib/read-bytes.ts'
import { toast } from '../../../lib/toast.ts'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { trpc } from '../../../lib/trpc.ts'
import { ImportPreviewCard } from './import-preview-card.tsx'
import { PastImports } from './past-imports.tsx'
import { partsOf, reviewContacts, type Reviewed } from './review-contacts.ts'

const count = (n: number) => n.toLocaleString('en-GB')

type State =
  | { step: 'choose' }
  | { step: 'checking'; fileName: string; done: number; total: number }
  | ({ step: 'preview' } & Reviewed)

/**
 * Bulk import: the file is read in the browser, its contacts sent in parts (with a progress bar)
 * to be checked against the user's people, then a preview, then one commit that adds them all.
 */
export function ImportScreen() {
  const utils = trpc.useUtils()
  const stage = trpc.imports.stage.useMutation()
  const create = trpc.imports.create.useMutation()
  const [state, setState] = useState<State>({ step: 'choose' })

  const fail = (message: string) => {
    toast.error('Import Failed', message)
    setState({ step: 'choose' })
  }

  const chooseFile = async (file: File | null) => {
    if (!file) return
    if (file.size > MAX_IMPORT_FILE_BYTES) {
      return fail('Contact files must be 20 MB or smaller.')
    }
    const read = readContactFile(await readBytes(file))
    if (!read.ok) return fail(read.message)
    const { valid, skipped } = reviewContacts(read.contacts)
    if (valid.length > MAX_IMPORT_CONTACTS) {
      return fail(
        `This file has ${count(valid.length)} contacts; an import holds at most ${count(MAX_IMPORT_CONTACTS)}. Please split the file.`,
      )
    }
    const reviewed = {
      uploadId: crypto.randomUUID(),
      fileName: file.name,
      format: read.format,
      skipped,
    }
    if (valid.length === 0) return setState({ step: 'preview', ...reviewed, preview: null })
    try {
      let done = 0
      setState({ step: 'checking', fileName: file.name, done, total: valid.length })
      for (const contacts of partsOf(valid)) {
        await stage.mutateAsync({ uploadId: reviewed.uploadId, contacts })
        done += contacts.length
        setState({ step: 'checking', fileName: file.name, done, total: valid.length })
      }
      const preview = await utils.imports.preview.fetch(
        { uploadId: reviewed.uploadId },
        { staleTime: 0 },
      )
      setState({ step: 'preview', ...reviewed, preview })
    } catch (error) {
      fail(serverMessageOr(error, 'The file could not be checked. Please try again.'))
    }
  }

  const commit = (reviewed: Reviewed, choices: ImportChoice[]) =>
    create.mutate(
      {
        uploadId: reviewed.uploadId,
        source: reviewed.format,
        fileName: reviewed.fileName,
        choices,
      },
      {
        onSuccess: ({ contactImport, skipped, merged }) => {
          const added = contactImport.peopleCount
          toast.success(
            'Contacts Imported',
            `${count(added)} ${added === 1 ? 'person' : 'people'} added from ${contactImport.fileName}.` +
              (merged > 0
                ? ` ${count(merged)} merged into ${merged === 1 ? 'someone' : 'people'} you have.`
                : '') +
              (skipped > 0
                ? ` ${count(skipped)} ${skipped === 1 ? 'duplicate was' : 'duplicates were'} left out.`
                : ''),
          )
          setState({ step: 'choose' })
          void utils.imports.list.invalidate()
          void utils.people.invalidate()
        },
        onError: (error) =>
          toast.error(
            'Import Failed',
            serverMessageOr(error, 'Nothing was imported. Please try again.'),
          ),
      },
    )

  return (
    <Stack gap="md">
      <ClosableScreenTitle title="Import contacts" closeTo="/profile" />

      {state.step === 'choose' && (
        <Card withBorder radius="lg" padding="md">
          <Stack gap="sm">
            <Text>
              Add many people at once from your phone’s contacts (.vcf), a Google Contacts or
              Outlook export (.csv) or your LinkedIn Connections.csv. You will see what will be
              imported first.
            </Text>
            <FileButton
              accept=".vcf,.csv,text/vcard,text/x-vcard,text/csv"
              onChange={(file) => void chooseFile(file)}
            >
              {(props) => (
                <Button {...props} leftSection={<IconFileImport size={18} aria-hidden />}>
                  Choose a contact file
                </Button>
              )}
            </FileButton>
          </Stack>
        </Card>
      )}

      {state.step === 'checking' && (
        <Card withBorder radius="lg" padding="md" aria-busy>
          <Stack gap="xs">
            <Text fw={600}>{state.fileName}</Text>
            <Progress
              value={(state.done / state.total) * 100}
              size="lg"
              aria-label={`Checking contacts`}
              transitionDuration={200}
            />
            <Text size="sm" role="status">
              Checking {count(state.done)} of {count(state.total)} contacts…
            </Text>
          </Stack>
        </Card>
      )}

      {state.step === 'preview' && (
        <ImportPreviewCard
          reviewed={state}
          isImporting={create.isPending}
          onImport={(choices) => commit(state, choices)}
          onCancel={() => setState({ step: 'choose' })}
        />
      )}

      <PastImports />
    </Stack>
  )
}

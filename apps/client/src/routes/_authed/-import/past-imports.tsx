import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import type { ContactImportSummary } from '@fiveconnect/api/schemas'
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx'
import { formatDate } from '../../../lib/format.ts'
import { toast } from '../../../lib/toast.ts'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { trpc } from '../../../lib/trpc.ts'
import { FORMAT_LABELS } from './review-contacts.ts'

const people = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'person' : 'people'}`

/** The user's past imports, newest first, each with an Undo until it is undone. */
export function PastImports() {
  const utils = trpc.useUtils()
  const imports = trpc.imports.list.useQuery()
  const undo = trpc.imports.undo.useMutation()
  const [undoing, setUndoing] = useState<ContactImportSummary | null>(null)

  const confirmUndo = (contactImport: ContactImportSummary) =>
    undo.mutate(
      { id: contactImport.id },
      {
        onSuccess: ({ removed, kept }) => {
          toast.success(
            'Import Undone',
            `${people(removed)} removed.` +
              (kept > 0
                ? ` ${people(kept)} kept because you have added connections with them.`
                : ''),
          )
          void utils.imports.list.invalidate()
          void utils.people.invalidate()
        },
        onError: (error) =>
          toast.error(
            'Undo Failed',
            serverMessageOr(error, 'The import was not undone. Please try again.'),
          ),
        onSettled: () => setUndoing(null),
      },
    )

  return (
    <Stack gap="xs" component="section" aria-label="Past imports">
      <Title order={2} size="h4">
        Past imports
      </Title>
      {imports.isPending ? (
        <Text c="dimmed">Loading...</Text>
      ) : imports.isError ? (
        <Text c="red">Past imports could not be loaded.</Text>
      ) : imports.data.length === 0 ? (
        <Text c="dimmed">No imports yet.</Text>
      ) : (
        imports.data.map((contactImport) => (
          <Card
            key={contactImport.id}
            withBorder
            radius="md"
            padding="sm"
            component="article"
            aria-label={contactImport.fileName}
          >
            <Group justify="space-between" wrap="nowrap" align="center">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ wordBreak: 'break-all' }}>
                  {contactImport.fileName}
                </Text>
                <Text size="sm" c="dimmed">
                  {FORMAT_LABELS[contactImport.source]} · {people(contactImport.peopleCount)} ·{' '}
                  {formatDate(contactImport.createdAt)}
                </Text>
              </Stack>
              {contactImport.undoneAt ? (
                <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                  Undone
                </Badge>
              ) : (
                <Button
                  variant="default"
                  style={{ flexShrink: 0 }}
                  onClick={() => setUndoing(contactImport)}
                  aria-label={`Undo import of ${contactImport.fileName}`}
                >
                  Undo
                </Button>
              )}
            </Group>
          </Card>
        ))
      )}
      <ConfirmDialog
        opened={undoing !== null}
        title="Undo import?"
        message={`This removes the ${people(undoing?.peopleCount ?? 0)} added from ${undoing?.fileName ?? ''}. People you have since added a connection with are kept.`}
        confirmLabel="Undo import"
        busyLabel="Undoing..."
        isBusy={undo.isPending}
        onConfirm={() => undoing && confirmUndo(undoing)}
        onCancel={() => setUndoing(null)}
      />
    </Stack>
  )
}

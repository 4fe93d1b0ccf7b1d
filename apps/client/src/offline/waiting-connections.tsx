import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { lazy, memo, Suspense, useState } from 'react'
import { toast } from '../lib/toast.ts'
import type { QueuedConnection } from './outbox-item.ts'
import { discardQueued, retryQueued, useWaitingConnections } from './outbox.ts'

// Home shows this card, and it is rarely there: the dialog (Modal) loads with the first waiting item.
const ConfirmDialog = lazy(() =>
  import('../components/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
)

/**
 * Connections saved on this device and not yet on the server, shown at once after saving: waiting
 * to sync, or refused by the server with its reason, to retry or discard.
 */
export const WaitingConnections = memo(function WaitingConnections() {
  const waiting = useWaitingConnections()
  const [discarding, setDiscarding] = useState<QueuedConnection | null>(null)
  if (waiting.length === 0) return null
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="waiting-title">
      <Title order={2} size="h4" mb="xs" id="waiting-title">
        Waiting to Sync ({waiting.length})
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {waiting.map((item) => (
          <li key={item.id}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} truncate>
                  {item.personName}
                </Text>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {item.eventTitle ?? 'Personal'}
                </Text>
              </Group>
              {item.failure ? (
                <>
                  <Text size="sm" c="red.9">
                    Not saved: {item.failure}
                  </Text>
                  <Group gap="xs" grow>
                    <Button variant="light" onClick={() => void retryQueued(item)}>
                      Try Again
                    </Button>
                    <Button
                      variant="default"
                      color="red"
                      aria-label={`Discard the connection with ${item.personName}`}
                      onClick={() => setDiscarding(item)}
                    >
                      Discard
                    </Button>
                  </Group>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  Saved on this device · waiting to sync
                </Text>
              )}
            </Stack>
          </li>
        ))}
      </Stack>
      <Suspense fallback={null}>
        <ConfirmDialog
          opened={discarding !== null}
          title="Discard Connection"
          message={`The connection with ${discarding?.personName ?? ''} has not reached the server. Discarding deletes it from this device for good.`}
          confirmLabel="Discard"
          onConfirm={() => {
            if (discarding) void discardQueued(discarding)
            setDiscarding(null)
            toast.success('Connection Discarded', 'It has been removed from this device.')
          }}
          onCancel={() => setDiscarding(null)}
        />
      </Suspense>
    </Card>
  )
})

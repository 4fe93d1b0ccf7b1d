import type { ReminderSettings } from '@fiveconnect/api/schemas'
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Text,
} from '@mantine/core'
import { useState } from 'react'
import { toast } from '../../../lib/toast.ts'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { trpc } from '../../../lib/trpc.ts'

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}))

/** Profile's Notifications: the daily follow-up reminder email, on or off, and its hour. */
export function RemindersDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = trpc.reminders.settings.useQuery(undefined, { enabled: opened })
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Reminder emails"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {settings.isPending ? (
        <Loader size="sm" aria-label="Loading your reminder settings" />
      ) : settings.isError ? (
        <Alert color="red">Your reminder settings could not be loaded.</Alert>
      ) : (
        opened && <RemindersForm settings={settings.data} onDone={onClose} />
      )}
    </Modal>
  )
}

function RemindersForm({ settings, onDone }: { settings: ReminderSettings; onDone: () => void }) {
  const utils = trpc.useUtils()
  const [enabled, setEnabled] = useState(settings.enabled)
  const [hour, setHour] = useState(settings.hour)
  const update = trpc.reminders.update.useMutation({
    onSuccess: (saved) => {
      utils.reminders.settings.setData(undefined, saved)
      toast.success(
        'Reminders Updated',
        saved.enabled ? 'Your follow-up reminders are on.' : 'Your follow-up reminders are off.',
      )
      onDone()
    },
    onError: (error) =>
      toast.error(
        'Update Failed',
        serverMessageOr(error, 'Your reminder settings could not be saved. Please try again.'),
      ),
  })

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        update.mutate({ enabled, hour })
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          One email on the days you have follow-ups due or overdue, each with a link to the
          connection.
        </Text>
        <Switch
          label="Email me my follow-ups"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <NativeSelect
          label="Send at"
          description={
            settings.timeZone ? `In your time zone, ${settings.timeZone}` : 'In your time zone'
          }
          data={HOURS}
          value={String(hour)}
          disabled={!enabled}
          onChange={(event) => setHour(Number(event.currentTarget.value))}
        />
        <Group grow preventGrowOverflow={false} mt="xs">
          <Button variant="default" onClick={onDone} type="button">
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

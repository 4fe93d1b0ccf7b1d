import type { CalendarFeedLinks } from '@fiveconnect/api/schemas'
import { Alert, Button, CopyButton, Loader, Stack, Text, TextInput } from '@mantine/core'
import { IconCalendarEvent, IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react'
import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx'
import { toast } from '../../../lib/toast.ts'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { trpc } from '../../../lib/trpc.ts'
import { ProfileSection } from './profile-section.tsx'

/** The user's private calendar feed of open follow-ups: create its link, replace it, turn it off. */
export function CalendarFeedSection() {
  const utils = trpc.useUtils()
  const status = trpc.calendarFeed.status.useQuery()
  // The server keeps only a hash of the link, so this answer is the one time it can be shown.
  const [links, setLinks] = useState<CalendarFeedLinks | null>(null)
  const [confirming, setConfirming] = useState<'replace' | 'turn-off' | null>(null)

  const create = trpc.calendarFeed.create.useMutation({
    onSuccess: (created) => {
      setLinks(created)
      setConfirming(null)
      utils.calendarFeed.status.setData(undefined, { hasFeed: true })
      toast.success('Calendar Link Created', 'Copy it now: it will not be shown again.')
    },
    onError: (error) =>
      toast.error(
        'Calendar Link Failed',
        serverMessageOr(error, 'The link could not be created. Please try again.'),
      ),
  })
  const revoke = trpc.calendarFeed.revoke.useMutation({
    onSuccess: () => {
      setLinks(null)
      setConfirming(null)
      utils.calendarFeed.status.setData(undefined, { hasFeed: false })
      toast.success('Calendar Feed Turned Off', 'Its link no longer works.')
    },
    onError: (error) =>
      toast.error(
        'Turn Off Failed',
        serverMessageOr(error, 'The calendar feed could not be turned off. Please try again.'),
      ),
  })

  return (
    <ProfileSection id="calendar-feed" icon={IconCalendarEvent} title="Calendar feed">
      <Text size="sm">
        A private link your calendar app subscribes to, showing each open follow-up as an all-day
        event on its day.
      </Text>

      {status.isPending ? (
        <Loader size="sm" aria-label="Loading your calendar feed" />
      ) : status.isError ? (
        <Alert color="red">Your calendar feed could not be loaded.</Alert>
      ) : !status.data.hasFeed ? (
        <Button
          fullWidth
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          disabled={create.isPending}
          onClick={() => create.mutate()}
        >
          {create.isPending ? 'Creating...' : 'Create calendar link'}
        </Button>
      ) : (
        <>
          {links ? (
            <FeedLinks links={links} />
          ) : (
            <Text size="sm" c="dimmed">
              Your calendar feed is on. Its link was shown only once, when it was created; create a
              new link if you need it again.
            </Text>
          )}
          <Button variant="default" fullWidth onClick={() => setConfirming('replace')}>
            Create a new link
          </Button>
          <Button
            color="red"
            variant="outline"

            fullWidth
            onClick={() => setConfirming('turn-off')}
          >
            Turn off
          </Button>
        </>
      )}

      <ConfirmDialog
        opened={confirming === 'replace'}
        title="Create a new link?"
        message="The current link stops working: calendars subscribed to it stop updating until you subscribe them to the new one."
        confirmLabel="Replace link"
        busyLabel="Creating..."
        isBusy={create.isPending}
        onConfirm={() => create.mutate()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'turn-off'}
        title="Turn off the calendar feed?"
        message="The link stops working and calendars subscribed to it stop updating."
        confirmLabel="Turn off"
        busyLabel="Turning off..."
        isBusy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onCancel={() => setConfirming(null)}
      />
    </ProfileSection>
  )
}

function FeedLinks({ links }: { links: CalendarFeedLinks }) {
  return (
    <Stack gap="xs">
      <Alert title="Copy this link now">
        It is shown only once. Anyone who has it can see your open follow-ups, so share it only with
        your calendar app.
      </Alert>
      <TextInput
        label="Calendar feed link"
        value={links.url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={links.url}>
        {({ copied, copy }) => (
          <Button
            variant="light"

            fullWidth
            leftSection={
              copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />
            }
            onClick={copy}
          >
            {copied ? 'Link copied' : 'Copy link'}
          </Button>
        )}
      </CopyButton>
      <Button
        component="a"
        href={links.webcalUrl}

        fullWidth
        leftSection={<IconCalendarPlus size={18} aria-hidden />}
      >
        Open in calendar
      </Button>
    </Stack>
  )
}

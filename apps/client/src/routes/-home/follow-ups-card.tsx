import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconCalendarPlus, IconCheck } from '@tabler/icons-react'
import { memo } from 'react'
import { useUpdateConnection } from '../../api/connection-mutations.ts'
import type { HomeSummary } from '../../api/router-types.ts'
import { formatDate, fullNameOf } from '../../lib/format.ts'
import { daysUntil, followUpCalendarUrl, followUpLabel, localDay } from '../../lib/follow-ups.ts'
import { toast } from '../../lib/toast.ts'

type FollowUp = HomeSummary['followUpsDue'][number]
type Props = { followUps: FollowUp[] | undefined; isPending: boolean; isError: boolean }

/** Home's 'Follow up' section: overdue and soon-due follow-ups, earliest first (as answered). */
export const FollowUpsCard = memo(function FollowUpsCard({ followUps, isPending, isError }: Props) {
  const today = localDay(new Date())
  const due = followUps ?? []
  const update = useUpdateConnection()

  const markDone = (connection: FollowUp) =>
    update.mutate(
      { id: connection.id, followUpDone: true },
      {
        onSuccess: () =>
          toast.success('Follow-up Done', `${fullNameOf(connection.person)} is off your list.`),
        onError: () =>
          toast.error(
            'Failed to Update Connection',
            'An error occurred while updating the connection.',
          ),
      },
    )

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="follow-up">
      <Title order={2} size="h3" id="follow-up" mb="sm">
        Follow up
      </Title>
      {isPending ? (
        <Loader size="sm" aria-label="Loading follow-ups" />
      ) : isError ? (
        <Alert color="red">Your follow-ups could not be loaded.</Alert>
      ) : due.length === 0 ? (
        <Text c="dimmed">Nothing to follow up in the next two weeks.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {due.map((connection) => {
            const name = fullNameOf(connection.person)
            const isOverdue = daysUntil(connection.followUpOn, today) < 0
            return (
              <li key={connection.id}>
                <Stack gap={4}>
                  <Text fw={600}>{name}</Text>
                  <Text
                    size="sm"
                    c={isOverdue ? 'red.9' : undefined}
                    fw={isOverdue ? 600 : undefined}
                  >
                    {followUpLabel(connection.followUpOn, today)} ·{' '}
                    {formatDate(new Date(`${connection.followUpOn}T00:00:00`))}
                  </Text>
                  <Group gap="xs">
                    <Button
                      variant="light"
                      leftSection={<IconCheck size={18} aria-hidden />}
                      aria-label={`Done: follow-up with ${name}`}
                      disabled={update.isPending}
                      onClick={() => markDone(connection)}
                    >
                      Done
                    </Button>
                    <Button
                      component="a"
                      href={followUpCalendarUrl(connection.id)}
                      download
                      variant="default"
                      leftSection={<IconCalendarPlus size={18} aria-hidden />}
                      aria-label={`Add to calendar: follow-up with ${name}`}
                    >
                      Add to calendar
                    </Button>
                  </Group>
                </Stack>
              </li>
            )
          })}
        </Stack>
      )}
    </Card>
  )
})

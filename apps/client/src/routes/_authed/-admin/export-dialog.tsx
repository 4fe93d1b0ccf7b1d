import { ADMIN_EXPORT_ENTITIES } from '@fiveconnect/api/schemas'
import { Button, Modal, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'

const LABELS: Record<(typeof ADMIN_EXPORT_ENTITIES)[number], string> = {
  users: 'Users',
  events: 'Events',
  people: 'People',
  connections: 'Connections',
  attendance: 'Event attendance',
}

/** Plain links: the browser downloads each CSV with the session cookie. */
export function ExportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Export Data" centered stackId="export">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Download a CSV file of each table.
        </Text>
        {ADMIN_EXPORT_ENTITIES.map((entity) => (
          <Button
            key={entity}
            component="a"
            href={`/api/admin/export/${entity}.csv`}
            download
            variant="light"
            justify="flex-start"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {LABELS[entity]} (CSV)
          </Button>
        ))}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  )
}

import { Alert, Button, Center, Loader, Modal, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { QrCode } from '../../../components/qr-code.tsx'
import { trpc } from '../../../lib/trpc.ts'

const VCARD_URL = '/api/profile/vcard.vcf'

/** The user's contact card as a QR code for someone else's phone camera, and as a file. */
export function ShareContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const card = trpc.exports.profileVcf.useQuery(undefined, { enabled: opened })
  return (
    <Modal opened={opened} onClose={onClose} title="Share your contact" centered>
      <Stack align="center" gap="md">
        {card.isPending ? (
          <Loader aria-label="Loading your contact card" />
        ) : card.isError ? (
          <Alert color="red">Your contact card could not be loaded.</Alert>
        ) : (
          <>
            <Text ta="center">
              Ask the person you met to point their phone camera at this code to add you to their
              contacts.
            </Text>
            <Center bg="white" p="xs" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <QrCode text={card.data.content} label="QR code of your contact card" />
            </Center>
          </>
        )}
        <Button
          component="a"
          href={VCARD_URL}
          download
          variant="default"
          fullWidth
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          Download contact card
        </Button>
      </Stack>
    </Modal>
  )
}

import type { SharedProfileField } from '@fiveconnect/api/schemas'
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core'
import { IconDownload, IconLink, IconLinkOff, IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx'
import { QrCode } from '../../../components/qr-code.tsx'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { toast } from '../../../lib/toast.ts'
import { trpc } from '../../../lib/trpc.ts'

const VCARD_URL = '/api/profile/vcard.vcf'

const SHARE_FIELD_LABELS: [SharedProfileField, string][] = [
  ['company', 'Company'],
  ['email', 'Email'],
  ['mobile', 'Mobile'],
  ['linkedin', 'LinkedIn'],
  ['website', 'Website'],
]

/**
 * The user's contact for someone else's phone camera: a link to their share page, where the other
 * person saves the card and can send their own details back, or offline, the vCard itself.
 */
export function ShareContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Share your contact" centered>
      <Tabs defaultValue="link" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="link" mih={44}>
            Share page
          </Tabs.Tab>
          <Tabs.Tab value="offline" mih={44}>
            Offline card
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="link">
          <SharePageTab enabled={opened} />
        </Tabs.Panel>
        <Tabs.Panel value="offline">
          <OfflineCardTab enabled={opened} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  )
}

/** A QR code of the share page's short link, the fields it shows, and turning it off or renewing it. */
function SharePageTab({ enabled }: { enabled: boolean }) {
  const utils = trpc.useUtils()
  const settings = trpc.share.settings.useQuery(undefined, { enabled })
  // A printed or shown code stops working with its link, so replacing or ending it is confirmed.
  const [confirming, setConfirming] = useState<'replace' | 'turn-off' | null>(null)
  const onSaved = (saved: typeof settings.data) => {
    utils.share.settings.setData(undefined, saved)
    setConfirming(null)
  }
  const onError = (error: unknown) =>
    toast.error(
      'Share Page Failed',
      serverMessageOr(error, 'Your share page could not be changed. Please try again.'),
    )
  const createLink = trpc.share.createLink.useMutation({ onSuccess: onSaved, onError })
  const setFields = trpc.share.setFields.useMutation({ onSuccess: onSaved, onError })
  const turnOff = trpc.share.turnOff.useMutation({
    onSuccess: () => {
      if (settings.data) onSaved({ ...settings.data, url: null })
      toast.success('Share Page Turned Off', 'Its link and QR code no longer work.')
    },
    onError,
  })

  if (settings.isPending) return <Loader aria-label="Loading your share page" />
  if (settings.isError) return <Alert color="red">Your share page could not be loaded.</Alert>
  const { url, fields } = settings.data
  const busy = createLink.isPending || setFields.isPending || turnOff.isPending

  return (
    <Stack align="stretch" gap="md">
      {url ? (
        <>
          <Text ta="center">
            Ask the person you met to scan this code: they can save your contact and send you
            theirs, no app needed.
          </Text>
          <Center>
            <Center bg="white" p="xs" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <QrCode text={url} label="QR code of your share page link" />
            </Center>
          </Center>
          <TextInput label="Your share page link" value={url} readOnly />
        </>
      ) : (
        <Text ta="center">
          A page with your contact that anyone can open from a QR code, and send you their details
          back from.
        </Text>
      )}
      <Checkbox.Group
        label="Shown on your share page"
        description="Your name is always shown."
        value={fields}
        onChange={(chosen) => {
          if (url) setFields.mutate({ fields: chosen })
          else onSaved({ url, fields: chosen })
        }}
      >
        <Stack gap="xs" mt="xs">
          {SHARE_FIELD_LABELS.map(([value, label]) => (
            <Checkbox key={value} value={value} label={label} disabled={busy} />
          ))}
        </Stack>
      </Checkbox.Group>
      {url ? (
        <>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            disabled={busy}
            onClick={() => setConfirming('replace')}
          >
            New link
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconLinkOff size={18} aria-hidden />}
            disabled={busy}
            onClick={() => setConfirming('turn-off')}
          >
            Turn off share page
          </Button>
          <ConfirmDialog
            opened={confirming === 'replace'}
            title="Make a new link?"
            message="The current link and its QR code stop working; anyone who has them sees 'not found'."
            confirmLabel="Make new link"
            busyLabel="Making..."
            isBusy={createLink.isPending}
            onConfirm={() => createLink.mutate({ fields })}
            onCancel={() => setConfirming(null)}
          />
          <ConfirmDialog
            opened={confirming === 'turn-off'}
            title="Turn off your share page?"
            message="Its link and QR code stop working until you create a new one."
            confirmLabel="Turn off"
            busyLabel="Turning off..."
            isBusy={turnOff.isPending}
            onConfirm={() => turnOff.mutate()}
            onCancel={() => setConfirming(null)}
          />
        </>
      ) : (
        <Button
          leftSection={<IconLink size={18} aria-hidden />}
          disabled={busy}
          onClick={() => createLink.mutate({ fields })}
        >
          Create share page
        </Button>
      )}
    </Stack>
  )
}

/** The vCard itself in the code, for when there is no network. */
function OfflineCardTab({ enabled }: { enabled: boolean }) {
  const card = trpc.exports.profileVcf.useQuery(undefined, { enabled })
  return (
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
  )
}

import {
  createAppPasswordInput,
  type AppPasswordSummary,
  type CreatedAppPassword,
} from '@fiveconnect/api/schemas'
import { Alert, Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconAddressBook, IconCheck, IconCopy, IconKey } from '@tabler/icons-react'
import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { toast } from '../../../lib/toast.ts'
import { trpc } from '../../../lib/trpc.ts'
import { ProfileSection } from './profile-section.tsx'

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/**
 * The user's people in their phone's Contacts app, over CardDAV: one app password a device, made
 * here, shown once, listed with its last use and revoked one at a time.
 */
export function AddressBookSection() {
  const utils = trpc.useUtils()
  const passwords = trpc.appPasswords.list.useQuery()
  // The server keeps only a hash, so this answer is the one time the password can be shown.
  const [created, setCreated] = useState<CreatedAppPassword | null>(null)
  const [revoking, setRevoking] = useState<AppPasswordSummary | null>(null)
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(createAppPasswordInput, { sync: true }),
  })

  const create = trpc.appPasswords.create.useMutation({
    onSuccess: (answer) => {
      setCreated(answer)
      form.reset()
      void utils.appPasswords.list.invalidate()
      toast.success('App Password Created', 'Enter it on your device now: it is shown only once.')
    },
    onError: (error) =>
      toast.error(
        'App Password Failed',
        serverMessageOr(error, 'The app password could not be created. Please try again.'),
      ),
  })
  const revoke = trpc.appPasswords.revoke.useMutation({
    onSuccess: () => {
      setRevoking(null)
      void utils.appPasswords.list.invalidate()
      toast.success('App Password Revoked', 'That device can no longer read your contacts.')
    },
    onError: (error) =>
      toast.error(
        'Revoke Failed',
        serverMessageOr(error, 'The app password could not be revoked. Please try again.'),
      ),
  })

  return (
    <ProfileSection id="address-book" icon={IconAddressBook} title="Address book sync">
      <Text size="sm">
        The people you met, in your phone&apos;s own Contacts app: add a CardDAV account on iPhone,
        Mac, Android (DAVx5) or Thunderbird with your email and an app password made here, one for
        each device.
      </Text>

      {created && <NewAppPassword created={created} />}

      <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
        <Stack gap="xs">
          <TextInput label="Device name" placeholder="My iPhone" {...form.getInputProps('name')} />
          <Button
            type="submit"
            fullWidth
            leftSection={<IconKey size={18} aria-hidden />}
            disabled={create.isPending}
          >
            {create.isPending ? 'Creating...' : 'Create app password'}
          </Button>
        </Stack>
      </form>

      {passwords.isPending ? (
        <Loader size="sm" aria-label="Loading your app passwords" />
      ) : passwords.isError ? (
        <Alert color="red">Your app passwords could not be loaded.</Alert>
      ) : passwords.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No device syncs your contacts yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="App passwords" p={0} m={0}>
          {passwords.data.map((password) => (
            <Group
              key={password.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              style={{ listStyle: 'none' }}
            >
              <div>
                <Text fw={600}>{password.name}</Text>
                <Text size="sm" c="dimmed">
                  Created {day.format(password.createdAt)} ·{' '}
                  {password.lastUsedAt
                    ? `last used ${day.format(password.lastUsedAt)}`
                    : 'never used'}
                </Text>
              </div>
              <Button
                variant="outline"
                color="red"
                size="compact-md"
                aria-label={`Revoke ${password.name}`}
                onClick={() => setRevoking(password)}
              >
                Revoke
              </Button>
            </Group>
          ))}
        </Stack>
      )}

      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this app password?"
        message={`${revoking?.name ?? 'The device'} stops syncing your contacts. The contacts already on it stay there.`}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        isBusy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onCancel={() => setRevoking(null)}
      />
    </ProfileSection>
  )
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" aria-label={`Copy ${label.toLowerCase()}`} onClick={copy}>
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </Button>
        )}
      </CopyButton>
    </Group>
  )
}

function NewAppPassword({ created }: { created: CreatedAppPassword }) {
  return (
    <Stack gap="xs">
      <Alert title={`App password for ${created.appPassword.name}`}>
        Enter these on the device now: the password is shown only once. Choose a CardDAV account (on
        iPhone: Settings › Contacts › Accounts › Add Account › Other).
      </Alert>
      <CopyField label="Server" value={created.serverUrl} />
      <CopyField label="User name" value={created.username} />
      <CopyField label="App password" value={created.password} />
    </Stack>
  )
}

import type { User } from '@fiveconnect/api/schemas'
import {
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import {
  IconBell,
  IconBrandLinkedin,
  IconBuilding,
  IconFileImport,
  IconHelp,
  IconLock,
  IconLogout,
  IconPhone,
  IconQrcode,
  IconWorld,
  type Icon,
} from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useCurrentUser, useSignOut } from '../../../api/auth.ts'
import { withProtocol } from '../../../lib/format.ts'
import { AddressBookSection } from './address-book-section.tsx'
import { ChangePasswordDialog } from './change-password-dialog.tsx'
import { CalendarFeedSection } from './calendar-feed-section.tsx'
import { EditProfileDialog } from './edit-profile-dialog.tsx'
import { ProfilePhoto } from './profile-photo.tsx'
import { RemindersDialog } from './reminders-dialog.tsx'
import { ShareContactDialog } from './share-contact-dialog.tsx'

// SPEC shows all three as 'Coming Soon'; the README's departures from the SPEC say why each works.
const SETTINGS_ROWS = [
  { label: 'Change Password', icon: IconLock },
  { label: 'Notifications', icon: IconBell },
  { label: 'Help & Support', icon: IconHelp },
] as const satisfies readonly { label: string; icon: Icon }[]

export function ProfileScreen() {
  const { user } = useCurrentUser()
  const signOut = useSignOut()
  const [isEditing, setIsEditing] = useState(false)
  const [isSharing, setIsSharing] = useState(false)
  const [isSettingReminders, setIsSettingReminders] = useState(false)
  const [isChangingPassword, setIsChangingPassword] = useState(false)
  const navigate = useNavigate()
  // The signed-in layout renders this screen only with a user.
  if (!user) return null

  return (
    <Stack gap="lg">
      <Stack align="center" gap="xs">
        <ProfilePhoto user={user} />
        <Title order={1} size="h2" ta="center">
          {user.firstName} {user.lastName}
        </Title>
        <Text>{user.email}</Text>
      </Stack>

      <Card withBorder radius="lg" padding="md">
        <Stack gap="sm">
          <DetailRow icon={IconBuilding} label="Company" value={user.company} />
          <DetailRow icon={IconPhone} label="Mobile" value={user.mobile} />
          <DetailRow icon={IconBrandLinkedin} label="LinkedIn" value={user.linkedin} isLink />
          <DetailRow icon={IconWorld} label="Website" value={user.website} isLink />
        </Stack>
        <Button mt="md" fullWidth onClick={() => setIsEditing(true)}>
          Edit Profile
        </Button>
        <Button
          mt="xs"
          fullWidth
          variant="default"
          leftSection={<IconQrcode size={18} aria-hidden />}
          onClick={() => setIsSharing(true)}
        >
          Share my contact
        </Button>
        <Button
          mt="xs"
          fullWidth
          variant="default"
          component={Link}
          to="/import"
          leftSection={<IconFileImport size={18} aria-hidden />}
        >
          Import contacts
        </Button>
      </Card>

      <CalendarFeedSection />
      <AddressBookSection />

      <Card withBorder radius="lg" padding={0}>
        {SETTINGS_ROWS.map(({ label, icon: ItemIcon }, index) => (
          <div key={label}>
            {index > 0 && <Divider />}
            <UnstyledButton
              w="100%"
              p="md"
              mih={44}
              onClick={() => {
                if (label === 'Change Password') setIsChangingPassword(true)
                else if (label === 'Notifications') setIsSettingReminders(true)
                else void navigate({ to: '/help' })
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <ItemIcon size={20} aria-hidden />
                <Text>{label}</Text>
              </Group>
            </UnstyledButton>
          </div>
        ))}
      </Card>

      <Button
        color="red"
        variant="outline"
        leftSection={<IconLogout size={18} aria-hidden />}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {signOut.isPending ? 'Logging out...' : 'Sign Out'}
      </Button>

      <EditProfileDialog user={user} opened={isEditing} onClose={() => setIsEditing(false)} />
      <ShareContactDialog opened={isSharing} onClose={() => setIsSharing(false)} />
      <RemindersDialog opened={isSettingReminders} onClose={() => setIsSettingReminders(false)} />
      <ChangePasswordDialog
        opened={isChangingPassword}
        onClose={() => setIsChangingPassword(false)}
      />
    </Stack>
  )
}

function DetailRow({
  icon: RowIcon,
  label,
  value,
  isLink = false,
}: {
  icon: Icon
  label: string
  value: User['company']
  isLink?: boolean
}) {
  return (
    <Group wrap="nowrap" gap="sm" align="flex-start">
      <RowIcon size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" fw={600}>
          {label}
        </Text>
        {!value ? (
          <Text size="sm" c="dimmed">
            Not provided
          </Text>
        ) : isLink ? (
          <Anchor
            href={withProtocol(value)}
            target="_blank"
            rel="noreferrer"
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {value}
          </Anchor>
        ) : (
          <Text size="sm">{value}</Text>
        )}
      </Stack>
    </Group>
  )
}

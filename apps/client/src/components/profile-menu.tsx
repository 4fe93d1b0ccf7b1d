import type { User } from '@fiveconnect/api/schemas'
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core'
import { IconLogout, IconUser } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useSignOut } from '../api/auth.ts'

export function ProfileMenu({ user }: { user: User }) {
  const signOut = useSignOut()
  const fullName = `${user.firstName} ${user.lastName}`
  return (
    // Mantine's hidden focus placeholder is a child a menu may not have (axe
    // aria-required-children); the first item takes focus instead.
    <Menu position="bottom-end" width={240} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label="Profile menu" miw={44} mih={44}>
          {/* Avatar shows its children when the image is missing or fails to load. */}
          <Avatar src={user.profileImageUrl} alt={fullName} radius="xl" color="indigo">
            <IconUser size={20} aria-hidden />
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fw={600} c="var(--mantine-color-text)" size="sm">
            {fullName}
          </Text>
          <Text size="xs">{user.email}</Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {signOut.isPending ? 'Logging out...' : 'Logout'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

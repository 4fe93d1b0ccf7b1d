import type { User } from '@fiveconnect/api/schemas'
import { Box, Button, Group, Text, ThemeIcon } from '@mantine/core'
import { IconAffiliate, IconUser } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { lazy, memo, Suspense } from 'react'
import { whenIdle } from '../lib/when-idle.ts'

export const HEADER_HEIGHT = 60

// The menu (Popover, floating-ui) is needed only once signed in, so it stays out of the first chunk,
// and it loads once the first screen is up.
const ProfileMenu = lazy(() =>
  whenIdle()
    .then(() => import('./profile-menu.tsx'))
    .then((module) => ({ default: module.ProfileMenu })),
)

export const AppHeader = memo(function AppHeader({ user }: { user: User | null }) {
  return (
    <Box
      component="header"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      h={HEADER_HEIGHT}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" maw={720} mx="auto">
        <Link
          to="/"
          aria-label="FiveConnect home"
          style={{ textDecoration: 'none', color: 'inherit' }}
        >
          <Group gap="xs" wrap="nowrap" mih={44}>
            <ThemeIcon size={36} radius="md" aria-hidden>
              <IconAffiliate size={22} />
            </ThemeIcon>
            <Text fw={800} size="lg">
              FiveConnect
            </Text>
          </Group>
        </Link>
        {user ? (
          <Suspense
            fallback={
              <ThemeIcon size={38} radius="xl" variant="light" aria-hidden>
                <IconUser size={20} />
              </ThemeIcon>
            }
          >
            <ProfileMenu user={user} />
          </Suspense>
        ) : (
          <Button component={Link} to="/login" variant="subtle">
            Sign In
          </Button>
        )}
      </Group>
    </Box>
  )
})

import { Box, Group, Stack, Text } from '@mantine/core'
import {
  IconCalendar,
  IconHome,
  IconShield,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { memo } from 'react'

export const BOTTOM_NAV_HEIGHT = 64

type Tab = {
  to: '/' | '/events' | '/connections' | '/profile' | '/admin'
  label: string
  icon: Icon
}

const TABS: readonly Tab[] = [
  { to: '/', label: 'Home', icon: IconHome },
  { to: '/events', label: 'Events', icon: IconCalendar },
  { to: '/connections', label: 'Connections', icon: IconUsers },
  { to: '/profile', label: 'Profile', icon: IconUser },
]
const ADMIN_TAB: Tab = { to: '/admin', label: 'Admin', icon: IconShield }

export const BottomNav = memo(function BottomNav({ isAdmin }: { isAdmin: boolean }) {
  const tabs = isAdmin ? [...TABS, ADMIN_TAB] : TABS
  return (
    <Box
      component="nav"
      aria-label="Main"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      h={BOTTOM_NAV_HEIGHT}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group h="100%" grow gap={0} wrap="nowrap" maw={720} mx="auto">
        {tabs.map(({ to, label, icon: TabIcon }) => (
          <Link
            key={to}
            to={to}
            activeOptions={{ exact: to === '/', includeSearch: false }}
            style={{ height: '100%', minHeight: 44, textDecoration: 'none' }}
          >
            {({ isActive }) => (
              <Stack
                gap={2}
                align="center"
                justify="center"
                h="100%"
                c={isActive ? 'indigo.8' : 'gray.7'}
                fw={isActive ? 700 : 500}
                bg={isActive ? 'indigo.0' : undefined}
              >
                <TabIcon size={22} stroke={isActive ? 2.4 : 1.8} aria-hidden />
                <Text component="span" fz={12} lh={1.2} fw="inherit" c="inherit">
                  {label}
                </Text>
              </Stack>
            )}
          </Link>
        ))}
      </Group>
    </Box>
  )
})

import { ActionIcon, Group, Title } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'

/** A task screen's heading, with a Close button that leaves for `closeTo`. */
export function ClosableScreenTitle({
  title,
  closeTo,
}: {
  title: string
  closeTo: '/' | '/profile'
}) {
  const navigate = useNavigate()
  return (
    <Group justify="space-between" wrap="nowrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label="Close"
        onClick={() => void navigate({ to: closeTo })}
      >
        <IconX size={24} aria-hidden />
      </ActionIcon>
    </Group>
  )
}

import { Card, Group, Stack, Title } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/** One of Profile's cards: an icon and a heading that names the section, then its content. */
export function ProfileSection({
  id,
  icon: SectionIcon,
  title,
  children,
}: {
  /** The heading's id, which names the section for assistive technology. */
  id: string
  icon: Icon
  title: string
  children: ReactNode
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <SectionIcon size={20} aria-hidden />
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  )
}

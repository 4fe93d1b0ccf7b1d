import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** The narrow card every sign-in screen sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle?: string
  children: ReactNode
}) {
  return (
    <Paper withBorder radius="lg" p="lg" maw={440} mx="auto" my="lg">
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      {children}
    </Paper>
  )
}

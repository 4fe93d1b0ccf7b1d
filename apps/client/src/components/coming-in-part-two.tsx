import { Stack, Text, Title } from '@mantine/core'

/** Placeholder for the screens of client part 2 (connections, add connection, admin). */
export function ComingInPartTwo({ title }: { title: string }) {
  return (
    <Stack py="md" gap="xs">
      <Title order={1}>{title}</Title>
      <Text>This screen is on its way.</Text>
    </Stack>
  )
}

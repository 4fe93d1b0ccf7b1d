import { Center, Loader, Stack, Text } from '@mantine/core'

/** The spinner shown while something the whole screen needs is loading. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  )
}

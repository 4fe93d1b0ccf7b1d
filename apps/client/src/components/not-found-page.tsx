import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <Stack align="center" py="xl" gap="md" ta="center">
      <Title order={1}>404 Page Not Found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to="/">
        Go home
      </Button>
    </Stack>
  )
}

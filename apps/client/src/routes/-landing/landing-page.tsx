import { CONNECTION_TYPES } from '@fiveconnect/ui'
import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconBook, IconDeviceMobile, IconMicrophone, IconCamera } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { WelcomeTrigger } from './welcome-trigger.tsx'

export function LandingPage() {
  return (
    <Stack gap={48} py="md">
      <WelcomeTrigger />
      <Stack component="section" gap="md" ta="center" align="center">
        <Badge variant="light">Networking with purpose</Badge>
        <Title order={1} fz={{ base: 36, sm: 48 }}>
          FiveConnect
        </Title>
        <Text size="lg" maw={520}>
          Record the people you meet at events, tag each one with the five connection types, and
          follow up with the right people later.
        </Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to="/register">
            Get Started
          </Button>
          <Button component={Link} to="/login" variant="default">
            Sign In
          </Button>
        </Group>
      </Stack>

      <Stack component="section" gap="md" aria-labelledby="types-heading">
        <Title order={2} id="types-heading" ta="center">
          The five connection types
        </Title>
        <Text ta="center">Every person you meet fits one or more of these.</Text>
        <Stack gap="sm">
          {CONNECTION_TYPES.map(({ key, label, description, icon: TypeIcon, color }) => (
            <Paper key={key} withBorder radius="lg" p="md">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
                  <TypeIcon size={24} />
                </ThemeIcon>
                <div>
                  <Title order={3} size="h4">
                    {key} · {label}
                  </Title>
                  <Text size="sm">{description}</Text>
                </div>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>

      <Paper component="section" withBorder radius="lg" p="lg" bg="indigo.0">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" aria-hidden>
            <IconDeviceMobile size={28} />
          </ThemeIcon>
          <Stack gap="xs">
            <Title order={2} size="h3">
              Made for your phone
            </Title>
            <Text>
              FiveConnect is mobile first and touch friendly. Save a connection seconds after the
              handshake, with a photo and a voice note that is turned into text for you.
            </Text>
            <Group gap="xs">
              <Badge variant="white" leftSection={<IconCamera size={14} aria-hidden />}>
                Photos
              </Badge>
              <Badge variant="white" leftSection={<IconMicrophone size={14} aria-hidden />}>
                Voice notes
              </Badge>
            </Group>
          </Stack>
        </Group>
      </Paper>

      <Stack component="section" gap="sm" aria-labelledby="book-heading">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <IconBook size={24} />
          </ThemeIcon>
          <Title order={2} id="book-heading" size="h3">
            From the book to your pocket
          </Title>
        </Group>
        <Text>
          FiveConnect is built on a book&apos;s framework for networking: not every contact is the
          same, and knowing which of the five kinds of connection someone is tells you how to follow
          up. The app keeps that framework with you at every event.
        </Text>
      </Stack>

      <Paper component="section" radius="lg" p="xl" bg="indigo.8" c="white" ta="center">
        <Stack align="center" gap="md">
          <Title order={2} c="white">
            Ready to make every connection count?
          </Title>
          <Text c="white">Join FiveConnect and bring structure to your networking.</Text>
          {/* A full-page load: the server decides where a visitor signs in. */}
          <Button component="a" href="/api/login" variant="white">
            Get Started Now
          </Button>
        </Stack>
      </Paper>

      <Stack component="footer" gap="xs" align="center" py="md">
        <Group gap="lg">
          <Anchor component={Link} to="/terms">
            Terms and Conditions
          </Anchor>
          <Anchor component={Link} to="/privacy">
            Privacy Policy
          </Anchor>
        </Group>
        <Text size="sm">© 2024 FiveConnect. All rights reserved.</Text>
      </Stack>
    </Stack>
  )
}

import { CONNECTION_TYPES } from '@fiveconnect/ui'
import { Anchor, List, Stack, Text, Title } from '@mantine/core'
import { createLazyFileRoute, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { trpc } from '../lib/trpc.ts'

export const Route = createLazyFileRoute('/help')({ component: HelpPage })

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs">
      <Title order={2} size="h4">
        {heading}
      </Title>
      {children}
    </Stack>
  )
}

function HelpPage() {
  const contact = trpc.support.contact.useQuery()
  const email = contact.data?.email
  return (
    <Stack component="article" gap="lg" py="md">
      <Title order={1}>Help &amp; Support</Title>

      <Section heading="The five connection types">
        <Text>Tag each person you meet with the types that fit; you can pick more than one.</Text>
        <List spacing={4}>
          {CONNECTION_TYPES.map((type) => (
            <List.Item key={type.key}>
              <Text span fw={600}>
                {type.label}
              </Text>
              : {type.description}
            </List.Item>
          ))}
        </List>
      </Section>

      <Section heading="Capturing with no signal">
        <Text>
          Add Connection works offline once you have signed in on this device. What you save waits
          under ‘Waiting to Sync’ on Home and Connections, photos and voice note included, and is
          sent by itself when the network is back. Keep the app installed and do not sign out until
          it has synced.
        </Text>
      </Section>

      <Section heading="Importing contacts">
        <Text>
          Profile → ‘Import contacts’ reads a phone’s .vcf file, a Google Contacts CSV export or
          LinkedIn’s Connections.csv (up to 5,000 contacts). It shows what it will add before
          anything is saved, and an import can be undone.
        </Text>
      </Section>

      <Section heading="Follow-ups in your calendar">
        <Text>
          Profile → ‘Calendar feed’ makes a private link your calendar app subscribes to: every open
          follow-up appears on its day. The link is shown once; make a new one to replace it, or
          turn it off.
        </Text>
      </Section>

      <Section heading="The people you met in your phone’s contacts">
        <Text>
          Profile → ‘Address book sync’ makes an app password for one device. Add a CardDAV account
          in your phone’s or computer’s contacts app (on Android through DAVx5) with this site’s
          address, your email and that app password, never your account password. Edits are made
          here; the contacts app only reads.
        </Text>
      </Section>

      <Section heading="Contact us">
        {email ? (
          <Text>
            Write to <Anchor href={`mailto:${email}`}>{email}</Anchor>; say what you did and what
            you saw.
          </Text>
        ) : (
          <Text>
            {contact.isPending
              ? 'Loading…'
              : 'Ask the organiser of your event, who runs this FiveConnect.'}
          </Text>
        )}
      </Section>

      <Anchor component={Link} to="/">
        Back to FiveConnect
      </Anchor>
    </Stack>
  )
}

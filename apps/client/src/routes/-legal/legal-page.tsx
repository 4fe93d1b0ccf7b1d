import { Anchor, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'

export type LegalSection = { heading: string; paragraphs: readonly string[] }

export function LegalPage({
  title,
  effective,
  sections,
}: {
  title: string
  effective: string
  sections: readonly LegalSection[]
}) {
  return (
    <Stack component="article" gap="lg" py="md">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text size="sm">Effective {effective}</Text>
      </Stack>
      {sections.map((section) => (
        <Stack component="section" key={section.heading} gap="xs">
          <Title order={2} size="h4">
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      ))}
      <Anchor component={Link} to="/">
        Back to FiveConnect
      </Anchor>
    </Stack>
  )
}

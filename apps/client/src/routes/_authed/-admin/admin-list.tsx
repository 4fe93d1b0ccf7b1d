import { Alert, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

type Props<Item> = {
  /** Plural noun for the texts: 'events' gives 'Loading events' and 'No events found'. */
  noun: string
  query: { isPending: boolean; isError: boolean; data: readonly Item[] | undefined }
  children: (item: Item) => ReactNode
  /** After the items, in the scroll area: where a paged list asks for more. */
  footer?: ReactNode
}

/** A Manage dialog's list: a spinner, a load error, the empty text, or the items in a scroll area. */
export function AdminList<Item>({ noun, query, children, footer }: Props<Item>) {
  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={`Loading ${noun}`} />
      </Group>
    )
  }
  if (query.isError || !query.data) {
    return (
      <Alert
        color="red"
        title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} could not be loaded`}
      >
        Please check your connection and try again.
      </Alert>
    )
  }
  if (query.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No {noun} found
      </Text>
    )
  }
  return (
    <ScrollArea.Autosize mah="70vh" type="auto">
      <Stack gap="xs">{query.data.map(children)}</Stack>
      {footer}
    </ScrollArea.Autosize>
  )
}

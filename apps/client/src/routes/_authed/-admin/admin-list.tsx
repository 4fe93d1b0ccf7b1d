import { Alert, Group, Loader, ScrollArea, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { VirtualListIn } from '../../../components/virtual-list.tsx'

type Props<Item> = {
  /** Plural noun for the texts: 'events' gives 'Loading events' and 'No events found'. */
  noun: string
  query: { isPending: boolean; isError: boolean; data: readonly Item[] | undefined }
  children: (item: Item) => ReactNode
  /** After the items, in the scroll area: where a paged list asks for more. */
  footer?: ReactNode
}

/** A Manage dialog's list: a spinner, a load error, the empty text, or the items in a scroll area. */
export function AdminList<Item extends { id: string }>({
  noun,
  query,
  children,
  footer,
}: Props<Item>) {
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
  return <ScrolledList items={query.data} footer={footer} render={children} />
}

/** The items in a scroll area at most 70% of the viewport high, only those near its view rendered. */
function ScrolledList<Item extends { id: string }>({
  items,
  footer,
  render,
}: {
  items: readonly Item[]
  footer: ReactNode
  render: (item: Item) => ReactNode
}) {
  // State, not a ref: the list below mounts before the viewport's ref is set, and reads it again once
  // it is.
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null)
  return (
    <ScrollArea.Autosize mah="70vh" type="auto" viewportRef={setViewport}>
      <VirtualListIn
        scroller={viewport}
        items={items}
        getKey={(item) => item.id}
        estimatedHeight={150}
        gap={10}
      >
        {render}
      </VirtualListIn>
      {footer}
    </ScrollArea.Autosize>
  )
}

import type { ConnectionItem } from '../../../api/router-types.ts'

export const ALL = 'all' as const

export type ConnectionGroup = {
  key: string
  title: string
  connections: ConnectionItem[]
}

export const eventTitleOf = (event: { title: string | null } | null) =>
  event?.title || 'Unknown Event'

/** One group per event, in the list's order. */
export function groupConnections(connections: readonly ConnectionItem[]): ConnectionGroup[] {
  const groups = new Map<string, ConnectionGroup>()
  for (const connection of connections) {
    const key = connection.eventId ?? 'personal'
    const title = connection.eventId ? eventTitleOf(connection.event) : 'Personal connections'
    const group = groups.get(key) ?? { key, title, connections: [] }
    group.connections.push(connection)
    groups.set(key, group)
  }
  return [...groups.values()]
}

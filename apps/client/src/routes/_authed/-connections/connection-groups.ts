import type { ConnectionItem } from '../../../api/router-types.ts'

export const ALL = 'all' as const

export type ConnectionGroup = {
  key: string
  title: string
  connections: ConnectionItem[]
}

export const eventTitleOf = (event: { title: string | null } | null) =>
  event?.title || 'Unknown Event'

/** Filters by event and type, then makes one group per event, in the list's own order. */
export function groupConnections(
  connections: readonly ConnectionItem[],
  { eventId, type }: { eventId: string; type: string },
): ConnectionGroup[] {
  const groups = new Map<string, ConnectionGroup>()
  for (const connection of connections) {
    if (eventId !== ALL && connection.eventId !== eventId) continue
    if (type !== ALL && !connection.connectionTypes.includes(type)) continue
    const key = connection.eventId ?? 'personal'
    const title = connection.eventId ? eventTitleOf(connection.event) : 'Personal connections'
    const group = groups.get(key) ?? { key, title, connections: [] }
    group.connections.push(connection)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/** Avatar priority of SPEC section 2: first photo, then the person's profile image, then initials. */
export function avatarSourcesOf(connection: ConnectionItem) {
  return [connection.photos[0], connection.person.profileImageUrl]
}

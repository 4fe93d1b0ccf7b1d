import type { ConnectionItem } from '../../../api/router-types.ts'
import { needsFollowUp } from '../../../lib/follow-ups.ts'

export const ALL = 'all' as const

export type ConnectionGroup = {
  key: string
  title: string
  connections: ConnectionItem[]
}

export const eventTitleOf = (event: { title: string | null } | null) =>
  event?.title || 'Unknown Event'

/** Filters by event, type and open follow-up, then makes one group per event, in the list's order. */
export function groupConnections(
  connections: readonly ConnectionItem[],
  filters: { eventId: string; type: string; needsFollowUp: boolean },
): ConnectionGroup[] {
  const { eventId, type } = filters
  const groups = new Map<string, ConnectionGroup>()
  for (const connection of connections) {
    if (eventId !== ALL && connection.eventId !== eventId) continue
    if (type !== ALL && !connection.connectionTypes.includes(type)) continue
    if (filters.needsFollowUp && !needsFollowUp(connection)) continue
    const key = connection.eventId ?? 'personal'
    const title = connection.eventId ? eventTitleOf(connection.event) : 'Personal connections'
    const group = groups.get(key) ?? { key, title, connections: [] }
    group.connections.push(connection)
    groups.set(key, group)
  }
  return [...groups.values()]
}

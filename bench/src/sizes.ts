export type DatasetSize = {
  users: number
  events: number
  people: number
  connections: number
}

/** The measured user always has exactly this many connections, whatever the size. */
export const MEASURED_USER_CONNECTIONS = 500

export const SIZES = {
  full: { users: 2_000, events: 200, people: 200_000, connections: 1_000_000 },
  small: { users: 200, events: 20, people: 5_000, connections: 20_000 },
} satisfies Record<string, DatasetSize>

export type SizeName = keyof typeof SIZES

/**
 * How many of the photographed test cards the card scanner's figures read: all of them in the full
 * preset, an even sample across layouts and angles in the small one (each card takes seconds).
 */
export const SCANNED_CARDS: Record<SizeName, number | 'all'> = { full: 'all', small: 12 }

/**
 * How many of the spoken notes' recordings the speech figures hear: all of them in the full preset,
 * an even sample over notes, voices and noises in the small one (each takes seconds to hear).
 */
export const HEARD_RECORDINGS: Record<SizeName, number | 'all'> = { full: 'all', small: 16 }

/** All the items, or `count` of them spread evenly from the first to the last. */
export function spreadEvenly<T>(items: readonly T[], count: number | 'all'): T[] {
  if (count === 'all' || count >= items.length) return [...items]
  return Array.from(
    { length: count },
    (_, nth) => items[Math.floor((nth * items.length) / count)] as T,
  )
}

export function isSizeName(name: string): name is SizeName {
  return Object.hasOwn(SIZES, name)
}

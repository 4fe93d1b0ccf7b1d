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

export function isSizeName(name: string): name is SizeName {
  return Object.hasOwn(SIZES, name)
}

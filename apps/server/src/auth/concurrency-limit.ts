/**
 * Runs at most `max` tasks at once; the others wait their turn, first come first served. A
 * failing task frees its slot like a finished one.
 */
export function createConcurrencyLimit(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error('max must be a positive integer')
  let active = 0
  const waiting: (() => void)[] = []

  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++
    // The finishing task hands its slot straight to the next in line, so `active` stays put.
    else await new Promise<void>((takeSlot) => waiting.push(takeSlot))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

/** A small seeded PRNG (mulberry32): the same seed gives the same dataset on every machine. */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number
  /** Integer in [min, max], both included. */
  int: (min: number, max: number) => number
  chance: (probability: number) => boolean
  pick: <T>(items: readonly T[]) => T
  /** `count` distinct items, in random order. */
  sample: <T>(items: readonly T[], count: number) => T[]
  uuid: () => string
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }
  const hex = (length: number) => {
    let text = ''
    for (let i = 0; i < length; i++) text += Math.floor(next() * 16).toString(16)
    return text
  }
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    sample: (items, count) => {
      const pool = [...items]
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[pool[i], pool[j]] = [pool[j] as (typeof pool)[number], pool[i] as (typeof pool)[number]]
      }
      return pool.slice(0, count)
    },
    // Version-4 layout, so it passes any uuid validation the app applies.
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
  }
}

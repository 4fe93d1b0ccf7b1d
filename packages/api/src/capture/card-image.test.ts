import { describe, expect, it } from 'vitest'
import { unreadPrint, type Pixels } from './card-image.ts'

/** A white card 800 × 400 with grey bars standing for lines of print: [x0, y0, x1, y1, grey]. */
function cardWith(bars: [number, number, number, number, number][]): Pixels {
  const [width, height] = [800, 400]
  const data = new Uint8ClampedArray(width * height * 4).fill(255)
  for (const [x0, y0, x1, y1, grey] of bars)
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) data.fill(grey, (y * width + x) * 4, (y * width + x) * 4 + 3)
  return { data, width, height }
}

const name = [40, 40, 300, 70, 0] as const
const contact: [number, number, number, number, number][] = [
  [500, 300, 760, 318, 170],
  [500, 330, 700, 348, 170],
]

describe('print a reading left unread', () => {
  it('finds a block of faint lines the reading has no words on, and nothing it read', () => {
    const card = cardWith([[...name], ...contact])
    const read = [{ x0: 40, y0: 40, x1: 300, y1: 70 }]
    const blocks = unreadPrint(card, read)
    expect(blocks).toHaveLength(1)
    const [block] = blocks
    // Both contact lines in one block, with a margin, and not the name.
    expect(block?.left).toBeLessThanOrEqual(500)
    expect(block?.top).toBeLessThanOrEqual(300)
    expect((block?.left ?? 0) + (block?.width ?? 0)).toBeGreaterThanOrEqual(760)
    expect((block?.top ?? 0) + (block?.height ?? 0)).toBeGreaterThanOrEqual(348)
    expect(block?.top).toBeGreaterThan(70)
    expect(unreadPrint(card, [...read, { x0: 500, y0: 300, x1: 760, y1: 348 }])).toEqual([])
  })

  it('finds a line read only in part, and leaves a rule, paper grain and a read line', () => {
    const card = cardWith([[...name], ...contact, [40, 200, 760, 206, 0]])
    const partly = unreadPrint(card, [
      { x0: 40, y0: 40, x1: 300, y1: 70 },
      { x0: 500, y0: 300, x1: 560, y1: 348 },
    ])
    expect(partly).toHaveLength(1)
    const grain = cardWith([[...name], [500, 300, 760, 348, 220]])
    expect(unreadPrint(grain, [{ x0: 40, y0: 40, x1: 300, y1: 70 }])).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { hasFullStop, straightenCard, unreadPrint, type Pixels } from './card-image.ts'

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

describe('a full stop in the print', () => {
  // Letters 30 px tall standing on row 100: an 'l' at 40-44, a 'p' from 60 (bowl and descender).
  const l = [40, 70, 44, 100, 60] as const
  const p = [60, 80, 72, 112, 60] as const
  const between = { x0: 40, x1: 66, y0: 68, y1: 114 }
  const baseline = 100

  it('finds a faint dot on the line between two letters', () => {
    expect(
      hasFullStop(cardWith([[...l], [...p], [49, 96, 53, 100, 150]]), between, baseline, 30),
    ).toBe(true)
  })

  it("finds none where the letters stand alone, or in a letter's foot, an 'i's dot, a hyphen or another word's dot", () => {
    const of = (bars: [number, number, number, number, number][]) =>
      hasFullStop(cardWith([[...l], [...p], ...bars]), between, baseline, 30)
    expect(of([])).toBe(false)
    // A foot under a fainter stroke, an 'i's dot up high, a hyphen across the letters' middle.
    expect(
      of([
        [49, 96, 53, 100, 150],
        [50, 76, 52, 95, 200],
      ]),
    ).toBe(false)
    expect(of([[49, 66, 53, 70, 150]])).toBe(false)
    expect(of([[47, 86, 58, 89, 150]])).toBe(false)
  })

  it("leaves a dot the stretch cuts at its edge to the print before it ('hana.|kim')", () => {
    const dot = cardWith([[48, 96, 52, 100, 150]])
    expect(hasFullStop(dot, { x0: 50, x1: 70, y0: 68, y1: 114 }, baseline, 30)).toBe(false)
    expect(hasFullStop(dot, { x0: 46, x1: 70, y0: 68, y1: 114 }, baseline, 30)).toBe(true)
  })
})

describe('a card found on the table and straightened', () => {
  /**
   * A photo 640 × 480 of a 440 × 250 card on a brown table, turned by 6°, with a line of print
   * across its middle. Its top band is printed in the table's own brown on its left 60% and in
   * orange on the rest: the card's outline steps down where the brown band starts.
   */
  function photoOfBannerCard(): Pixels {
    const [width, height, cardWidth, cardHeight] = [640, 480, 440, 250]
    const [cos, sin] = [Math.cos((6 * Math.PI) / 180), Math.sin((6 * Math.PI) / 180)]
    const data = new Uint8ClampedArray(width * height * 4)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const [dx, dy] = [x - width / 2, y - height / 2]
        const u = dx * cos + dy * sin + cardWidth / 2
        const v = -dx * sin + dy * cos + cardHeight / 2
        const onCard = u >= 0 && u < cardWidth && v >= 0 && v < cardHeight
        const isPrint = v >= 120 && v < 130 && u >= 40 && u < 400
        const colour = !onCard
          ? [120, 80, 40]
          : v < 45
            ? u < cardWidth * 0.6
              ? [120, 80, 40]
              : [230, 120, 40]
            : isPrint
              ? [20, 20, 20]
              : [240, 235, 220]
        data.set([...colour, 255], (y * width + x) * 4)
      }
    return { data, width, height }
  }

  it('turns the print level though the outline of its top side steps', () => {
    const card = straightenCard(photoOfBannerCard(), 700)
    /** The middle row of the print's dark pixels in a column. */
    const printRow = (x: number) => {
      const rows: number[] = []
      for (let y = 0; y < card.height; y++)
        if ((card.data[(y * card.width + x) * 4] ?? 255) < 100) rows.push(y)
      return ((rows[0] ?? Number.NaN) + (rows.at(-1) ?? Number.NaN)) / 2
    }
    const [left, right] = [printRow(150), printRow(550)]
    expect(right - left).toBeGreaterThan(-4)
    expect(right - left).toBeLessThan(4)
  })
})

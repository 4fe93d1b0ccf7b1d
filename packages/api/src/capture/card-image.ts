/**
 * The card photo before OCR (issue 31): the card found on its background, its rotation and
 * perspective undone by a homography, and the result scaled to the width OCR reads best at, so
 * small captures are upscaled. Pure functions on RGBA pixels; each uses nothing outside itself, so
 * the accuracy test runs the scanner's own code in Chromium by its source (ADR 024).
 */
export type Pixels = { data: Uint8ClampedArray<ArrayBuffer>; width: number; height: number }

/**
 * The card in `photo`, straightened and `width` pixels across; the whole photo scaled to `width`
 * when no card stands out from the background (a photo that is all card, or no card at all).
 */
export function straightenCard(photo: Pixels, width: number): Pixels {
  type Point = { x: number; y: number }
  type Line = { point: Point; direction: Point }
  const { data } = photo

  /** The photo shrunk to about 400 pixels across by averaging blocks: enough to find the edges. */
  const step = Math.max(1, Math.ceil(Math.max(photo.width, photo.height) / 400))
  const small = { width: Math.floor(photo.width / step), height: Math.floor(photo.height / step) }
  const colours = new Float32Array(small.width * small.height * 3)
  for (let y = 0; y < small.height; y++)
    for (let x = 0; x < small.width; x++) {
      const sum = [0, 0, 0]
      for (let dy = 0; dy < step; dy++)
        for (let dx = 0; dx < step; dx++) {
          const at = ((y * step + dy) * photo.width + x * step + dx) * 4
          for (let channel = 0; channel < 3; channel++)
            sum[channel] = (sum[channel] ?? 0) + (data[at + channel] ?? 0)
        }
      for (let channel = 0; channel < 3; channel++)
        colours[(y * small.width + x) * 3 + channel] = (sum[channel] ?? 0) / (step * step)
    }

  /** How far each pixel's colour is from the nearest colour on the photo's rim (the background). */
  function distanceFromBackground(): Float32Array {
    const rim: number[] = []
    const perimeter = 2 * (small.width + small.height)
    for (let index = 0; index < 96; index++) {
      let along = Math.floor((index / 96) * perimeter)
      let point: [number, number]
      if (along < small.width) point = [along, 0]
      else if ((along -= small.width) < small.height) point = [small.width - 1, along]
      else if ((along -= small.height) < small.width)
        point = [small.width - 1 - along, small.height - 1]
      else point = [0, Math.max(0, small.height - 1 - (along - small.width))]
      rim.push((point[1] * small.width + point[0]) * 3)
    }
    const distances = new Float32Array(small.width * small.height)
    for (let pixel = 0; pixel < distances.length; pixel++) {
      let nearest = Infinity
      for (const sample of rim) {
        const red = (colours[pixel * 3] ?? 0) - (colours[sample] ?? 0)
        const green = (colours[pixel * 3 + 1] ?? 0) - (colours[sample + 1] ?? 0)
        const blue = (colours[pixel * 3 + 2] ?? 0) - (colours[sample + 2] ?? 0)
        nearest = Math.min(nearest, red * red + green * green + blue * blue)
      }
      distances[pixel] = Math.sqrt(nearest)
    }
    return distances
  }

  /** Otsu's threshold: the value that best parts the distances into background and card. */
  function otsu(values: Float32Array): number {
    const bins = new Float64Array(256)
    for (const value of values) {
      const bin = Math.min(255, Math.floor(value))
      bins[bin] = (bins[bin] ?? 0) + 1
    }
    let total = 0
    for (let bin = 0; bin < 256; bin++) total += bin * (bins[bin] ?? 0)
    let [below, belowSum, best, threshold] = [0, 0, -1, 0]
    for (let bin = 0; bin < 256; bin++) {
      below += bins[bin] ?? 0
      belowSum += bin * (bins[bin] ?? 0)
      const above = values.length - below
      if (below === 0 || above === 0) continue
      const between = below * above * (belowSum / below - (total - belowSum) / above) ** 2
      if (between > best) [best, threshold] = [between, bin + 1]
    }
    return threshold
  }

  /** The largest connected region of the mask, as a mask of its own. */
  function largestRegion(mask: Uint8Array): { region: Uint8Array; size: number } {
    const labels = new Int32Array(mask.length)
    let [bestLabel, bestSize, label] = [0, 0, 0]
    const queue = new Int32Array(mask.length)
    for (let start = 0; start < mask.length; start++) {
      if (!mask[start] || labels[start]) continue
      label += 1
      labels[start] = label
      let [head, tail] = [0, 0]
      queue[tail++] = start
      while (head < tail) {
        const pixel = queue[head++] ?? 0
        const x = pixel % small.width
        for (const next of [
          x > 0 ? pixel - 1 : -1,
          x < small.width - 1 ? pixel + 1 : -1,
          pixel - small.width,
          pixel + small.width,
        ])
          if (next >= 0 && next < mask.length && mask[next] && !labels[next]) {
            labels[next] = label
            queue[tail++] = next
          }
      }
      if (tail > bestSize) [bestLabel, bestSize] = [label, tail]
    }
    return { region: mask.map((_, pixel) => (labels[pixel] === bestLabel ? 1 : 0)), size: bestSize }
  }

  /** How far a point is from a line. */
  const offLine = (line: Line, point: Point) =>
    Math.abs(
      (point.x - line.point.x) * line.direction.y - (point.y - line.point.y) * line.direction.x,
    )

  /** The straight line through points (total least squares), refitted without the far ones. */
  function fitLine(points: Point[]): Line | null {
    let kept = points
    let line: Line | null = null
    for (let round = 0; round < 3 && kept.length >= 5; round++) {
      const mean = {
        x: kept.reduce((sum, point) => sum + point.x, 0) / kept.length,
        y: kept.reduce((sum, point) => sum + point.y, 0) / kept.length,
      }
      let [xx, xy, yy] = [0, 0, 0]
      for (const { x, y } of kept) {
        xx += (x - mean.x) ** 2
        xy += (x - mean.x) * (y - mean.y)
        yy += (y - mean.y) ** 2
      }
      const angle = 0.5 * Math.atan2(2 * xy, xx - yy)
      const fitted = { point: mean, direction: { x: Math.cos(angle), y: Math.sin(angle) } }
      line = fitted
      kept = kept.filter((point) => offLine(fitted, point) < 1.5)
    }
    return line
  }

  function crossing(first: Line, second: Line): Point | null {
    const cross = first.direction.x * second.direction.y - first.direction.y * second.direction.x
    if (Math.abs(cross) < 0.3) return null
    const dx = second.point.x - first.point.x
    const dy = second.point.y - first.point.y
    const along = (dx * second.direction.y - dy * second.direction.x) / cross
    return {
      x: first.point.x + along * first.direction.x,
      y: first.point.y + along * first.direction.y,
    }
  }

  /** The card's corners in the photo (top left, top right, bottom right, bottom left), or null. */
  function findCorners(): Point[] | null {
    const distances = distanceFromBackground()
    const threshold = Math.max(24, otsu(distances))
    const { region } = largestRegion(
      Uint8Array.from(distances, (value) => (value >= threshold ? 1 : 0)),
    )
    // Grown into what stands out less but touches it: a coloured banner printed to the card's edge,
    // nearer the table's colour than the paper is, is still the card (hysteresis); unless the
    // growth reaches the photo's rim, where it is the table: then less of it.
    for (const low of [0.4, 0.6, 0.8].map((share) => Math.max(24, threshold * share))) {
      const grown = region.slice()
      const pending = new Int32Array(grown.length)
      let [head, tail] = [0, 0]
      grown.forEach((inside, pixel) => {
        if (inside) pending[tail++] = pixel
      })
      while (head < tail) {
        const pixel = pending[head++] ?? 0
        const x = pixel % small.width
        for (const next of [
          x > 0 ? pixel - 1 : -1,
          x < small.width - 1 ? pixel + 1 : -1,
          pixel - small.width,
          pixel + small.width,
        ])
          if (next >= 0 && next < grown.length && !grown[next] && (distances[next] ?? 0) >= low) {
            grown[next] = 1
            pending[tail++] = next
          }
      }
      let onRim = 0
      for (let x = 0; x < small.width; x++)
        onRim += (grown[x] ?? 0) + (grown[(small.height - 1) * small.width + x] ?? 0)
      for (let y = 0; y < small.height; y++)
        onRim += (grown[y * small.width] ?? 0) + (grown[y * small.width + small.width - 1] ?? 0)
      if (onRim === 0) {
        region.set(grown)
        break
      }
    }
    if (region.reduce((sum, inside) => sum + inside, 0) < small.width * small.height * 0.12)
      return null
    // The card's outline: the first and last card pixel of each row and each column.
    const rowEnds: Point[] = []
    const columnEnds: Point[] = []
    for (let y = 0; y < small.height; y++) {
      let [first, last] = [-1, -1]
      for (let x = 0; x < small.width; x++)
        if (region[y * small.width + x]) [first, last] = [first < 0 ? x : first, x]
      if (first >= 0) rowEnds.push({ x: first, y }, { x: last, y })
    }
    for (let x = 0; x < small.width; x++) {
      let [first, last] = [-1, -1]
      for (let y = 0; y < small.height; y++)
        if (region[y * small.width + x]) [first, last] = [first < 0 ? y : first, y]
      if (first >= 0) columnEnds.push({ x, y: first }, { x, y: last })
    }
    // Rough corners: the outline points furthest along each diagonal (the card turns < 45°).
    const extreme = (score: (point: Point) => number) =>
      rowEnds.reduce((best, point) => (score(point) > score(best) ? point : best))
    const rough = [
      extreme(({ x, y }) => -x - y),
      extreme(({ x, y }) => x - y),
      extreme(({ x, y }) => x + y),
      extreme(({ x, y }) => -x + y),
    ]
    // Each side: the outline points between its two rough corners, away from the rounded corners.
    const sides = rough.map((from, index) => {
      const to = rough[(index + 1) % 4] ?? from
      const horizontal = index % 2 === 0
      const [low, high] = horizontal ? [from.x, to.x] : [from.y, to.y]
      const [min, max] = [Math.min(low, high), Math.max(low, high)]
      const margin = (max - min) * 0.12
      const length = Math.hypot(to.x - from.x, to.y - from.y)
      const chord: Line = {
        point: from,
        direction: { x: (to.x - from.x) / length, y: (to.y - from.y) / length },
      }
      // The top and left sides are the first card pixel of each column or row, the others the last.
      const isFirst = index === 0 || index === 3
      const ends = (horizontal ? columnEnds : rowEnds).filter((point, at) => {
        const along = horizontal ? point.x : point.y
        return at % 2 === (isFirst ? 0 : 1) && along > min + margin && along < max - margin
      })
      const near = ends.filter((point) => offLine(chord, point) < 4)
      return { line: fitLine(near), support: near.length, ends }
    })
    // Opposite sides of a card run within a few degrees of each other. A side that does not, with
    // most of its outline off its line, was fitted across a step in the outline (a banner on the
    // card's edge that stood out from the table at one end only): it is fitted again to its longest
    // stretch that runs along the side fitted to more of the outline.
    for (const [one, other] of [
      [sides[0], sides[2]],
      [sides[1], sides[3]],
    ] as const) {
      if (!one || !other) continue
      const [weak, strong] = one.support < other.support ? [one, other] : [other, one]
      const [fitted, along] = [weak.line, strong.line]
      if (!fitted || !along) continue
      const sine = Math.abs(
        fitted.direction.x * along.direction.y - fitted.direction.y * along.direction.x,
      )
      const onLine = weak.ends.filter((point) => offLine(fitted, point) < 1.5).length
      if (sine < Math.sin((4 * Math.PI) / 180) || onLine >= weak.ends.length / 2) continue
      const offsets = weak.ends.map((point) => offLine(along, point))
      const around = (offset: number) => offsets.filter((value) => Math.abs(value - offset) < 1.5)
      const mode = offsets.reduce(
        (best, offset) => (around(offset).length > around(best).length ? offset : best),
        offsets[0] ?? 0,
      )
      const stretch = weak.ends.filter((_, at) => Math.abs((offsets[at] ?? 0) - mode) < 1.5)
      if (stretch.length >= weak.ends.length / 3) weak.line = fitLine(stretch) ?? fitted
    }
    const corners: Point[] = []
    for (let index = 0; index < 4; index++) {
      const before = sides[(index + 3) % 4]?.line
      const after = sides[index]?.line
      const corner = before && after ? crossing(before, after) : null
      if (!corner) return null
      // Back to the photo's pixels: a small pixel covers `step` photo pixels.
      corners.push({ x: (corner.x + 0.5) * step, y: (corner.y + 0.5) * step })
    }
    const inside = corners.every(
      ({ x, y }) =>
        x > -photo.width * 0.05 &&
        x < photo.width * 1.05 &&
        y > -photo.height * 0.05 &&
        y < photo.height * 1.05,
    )
    return inside ? corners : null
  }

  /**
   * Where the print is in a photo where no card stands out, as four corners: the angle of its
   * lines (within ±12°) is the one whose rows of ink are most unequal (projection profile, on the
   * shrunk photo), and the corners enclose nearly all its ink along and across that angle, with a
   * margin; so a tilted card on a table of its own colour is turned upright and cropped to its
   * print. Null when the photo holds too little ink to tell.
   */
  function printCorners(): Point[] | null {
    const greys = new Float32Array(small.width * small.height)
    let mean = 0
    for (let pixel = 0; pixel < greys.length; pixel++) {
      const grey =
        ((colours[pixel * 3] ?? 0) +
          (colours[pixel * 3 + 1] ?? 0) +
          (colours[pixel * 3 + 2] ?? 0)) /
        3
      greys[pixel] = grey
      mean += grey / greys.length
    }
    // Ink is what stands apart from the photo's mean light: dark print on light, or light on dark.
    const isDarkPhoto = mean < 127
    const ink: Point[] = []
    for (let y = 0; y < small.height; y++)
      for (let x = 0; x < small.width; x++) {
        const grey = greys[y * small.width + x] ?? 0
        if (isDarkPhoto ? grey > mean + 48 : grey < mean - 48) ink.push({ x, y })
      }
    if (ink.length < 50) return null
    const spread = (angle: number) => {
      const [sin, cos] = [Math.sin(angle), Math.cos(angle)]
      const rows = new Map<number, number>()
      for (const { x, y } of ink) {
        const row = Math.round(y * cos - x * sin)
        rows.set(row, (rows.get(row) ?? 0) + 1)
      }
      let sum = 0
      for (const count of rows.values()) sum += count * count
      return sum
    }
    let angle = 0
    for (const degrees of [1, 0.25]) {
      const around = angle
      for (let step = -12; step <= 12; step++) {
        const candidate = around + (step * degrees * Math.PI) / 180
        if (Math.abs(candidate) <= (12 * Math.PI) / 180 && spread(candidate) > spread(angle))
          angle = candidate
      }
    }
    const [sin, cos] = [Math.sin(angle), Math.cos(angle)]
    const along = ink.map(({ x, y }) => x * cos + y * sin).sort((a, b) => a - b)
    const across = ink.map(({ x, y }) => y * cos - x * sin).sort((a, b) => a - b)
    const share = (sorted: number[], at: number) =>
      sorted[Math.floor(at * (sorted.length - 1))] ?? 0
    let [left, right] = [share(along, 0.005), share(along, 0.995)]
    let [top, bottom] = [share(across, 0.005), share(across, 0.995)]
    const margin = 0.06 * Math.max(right - left, bottom - top) + 2
    ;[left, right, top, bottom] = [left - margin, right + margin, top - margin, bottom + margin]
    // Back to the photo's pixels, from the frame turned by the angle.
    const corner = (u: number, v: number): Point => ({
      x: (u * cos - v * sin + 0.5) * step,
      y: (u * sin + v * cos + 0.5) * step,
    })
    return [corner(left, top), corner(right, top), corner(right, bottom), corner(left, bottom)]
  }

  const found = findCorners()
  // No card found: the photo's print, turned upright; the whole photo when there is too little.
  const corners = found ??
    printCorners() ?? [
      { x: 0, y: 0 },
      { x: photo.width, y: 0 },
      { x: photo.width, y: photo.height },
      { x: 0, y: photo.height },
    ]
  const [topLeft, topRight, bottomRight, bottomLeft] = corners as [Point, Point, Point, Point]
  const span = (from: Point, to: Point) => Math.hypot(to.x - from.x, to.y - from.y)
  const aspect =
    (span(topLeft, bottomLeft) + span(topRight, bottomRight)) /
    (span(topLeft, topRight) + span(bottomLeft, bottomRight))
  const height = Math.max(1, Math.round(width * aspect))

  // The projective map from the unit square onto the card (Heckbert's square-to-quad).
  const sumX = topLeft.x - topRight.x + bottomRight.x - bottomLeft.x
  const sumY = topLeft.y - topRight.y + bottomRight.y - bottomLeft.y
  const [dx1, dx2] = [topRight.x - bottomRight.x, bottomLeft.x - bottomRight.x]
  const [dy1, dy2] = [topRight.y - bottomRight.y, bottomLeft.y - bottomRight.y]
  const determinant = dx1 * dy2 - dx2 * dy1
  const g = determinant ? (sumX * dy2 - dx2 * sumY) / determinant : 0
  const h = determinant ? (dx1 * sumY - sumX * dy1) / determinant : 0
  const a = topRight.x - topLeft.x + g * topRight.x
  const b = bottomLeft.x - topLeft.x + h * bottomLeft.x
  const d = topRight.y - topLeft.y + g * topRight.y
  const e = bottomLeft.y - topLeft.y + h * bottomLeft.y

  // Each output pixel samples the photo between its four nearest pixels (bilinear). The card's
  // own edge (1%) is left out: its outline would read as a stray '|' or '_'.
  const inset = found ? 0.01 : 0
  const out = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    const v = inset + ((y + 0.5) / height) * (1 - 2 * inset)
    for (let x = 0; x < width; x++) {
      const u = inset + ((x + 0.5) / width) * (1 - 2 * inset)
      const w = g * u + h * v + 1
      const sourceX = Math.min(photo.width - 1, Math.max(0, (a * u + b * v + topLeft.x) / w - 0.5))
      const sourceY = Math.min(photo.height - 1, Math.max(0, (d * u + e * v + topLeft.y) / w - 0.5))
      const [left, top] = [Math.floor(sourceX), Math.floor(sourceY)]
      const [right, bottom] = [
        Math.min(photo.width - 1, left + 1),
        Math.min(photo.height - 1, top + 1),
      ]
      const [fx, fy] = [sourceX - left, sourceY - top]
      const at = (y * width + x) * 4
      for (let channel = 0; channel < 3; channel++) {
        const pixel = (px: number, py: number) => data[(py * photo.width + px) * 4 + channel] ?? 0
        out[at + channel] =
          (pixel(left, top) * (1 - fx) + pixel(right, top) * fx) * (1 - fy) +
          (pixel(left, bottom) * (1 - fx) + pixel(right, bottom) * fx) * fy
      }
      out[at + 3] = 255
    }
  }
  return { data: out, width, height }
}

/**
 * How sharp a camera frame is: the variance of its Laplacian (on green, every other pixel), which
 * falls as blur or shake smears the print. The scanner keeps the sharpest of a few frames.
 */
export function sharpness({ data, width, height }: Pixels): number {
  const green = (x: number, y: number) => data[(y * width + x) * 4 + 1] ?? 0
  let [sum, squares, count] = [0, 0, 0]
  for (let y = 2; y < height - 2; y += 2)
    for (let x = 2; x < width - 2; x += 2) {
      const laplacian =
        green(x - 2, y) + green(x + 2, y) + green(x, y - 2) + green(x, y + 2) - 4 * green(x, y)
      sum += laplacian
      squares += laplacian * laplacian
      count += 1
    }
  return count ? squares / count - (sum / count) ** 2 : 0
}

/**
 * Evens out the light on a grey card, in place, and makes its print dark on light: each pixel is
 * divided by the paper's brightness around it (the 90th percentile of its 64-pixel block, blended
 * between blocks), so a shadow or a gradient across the card no longer reads as a picture to
 * Tesseract's page layout, and what is near the paper's light is made white. A dark card is
 * inverted first, then any dark band on it with the print it encloses.
 */
export function evenLight({ data, width, height }: Pixels): void {
  /**
   * Inverts, in place, the dark bands of a grey card and the light print they enclose (a company's
   * name in paper colour on a coloured banner), so all of its print is dark on light: a band is a
   * region under half the paper's light, far larger than a word (4% of the card), that runs to
   * one edge of the card or more, not all four.
   */
  function invertBands(): void {
    const pixels = width * height
    const levels = new Uint32Array(256)
    for (let index = 0; index < data.length; index += 4)
      levels[data[index] ?? 0] = (levels[data[index] ?? 0] ?? 0) + 1
    let [paper, seen] = [255, 0]
    while (paper > 0 && (seen += levels[paper] ?? 0) < pixels * 0.1) paper -= 1
    const isDark = (pixel: number) => (data[pixel * 4] ?? 0) < paper * 0.5
    const band = new Uint8Array(pixels)
    const seenPixel = new Uint8Array(pixels)
    const queue = new Int32Array(pixels)
    /** The pixels joined to `start` by 4-neighbours that pass `test`, marked seen; their count. */
    const flood = (start: number, test: (pixel: number) => boolean): number => {
      let [head, tail] = [0, 0]
      queue[tail++] = start
      seenPixel[start] = 1
      while (head < tail) {
        const pixel = queue[head++] ?? 0
        const x = pixel % width
        for (const next of [
          x > 0 ? pixel - 1 : -1,
          x < width - 1 ? pixel + 1 : -1,
          pixel - width,
          pixel + width,
        ])
          if (next >= 0 && next < pixels && !seenPixel[next] && test(next)) {
            seenPixel[next] = 1
            queue[tail++] = next
          }
      }
      return tail
    }
    let found = false
    for (let start = 0; start < pixels; start++) {
      if (seenPixel[start] || !isDark(start)) continue
      const size = flood(start, isDark)
      if (size < pixels * 0.04) continue
      // A band runs to the card's edge (a banner); dark all round the image is the table around a
      // card that was not found, and dark inside a photo that is not a card is not known to be one.
      let edges = 0
      for (let index = 0; index < size; index++) {
        const pixel = queue[index] ?? 0
        const [x, y] = [pixel % width, Math.floor(pixel / width)]
        edges |= (x === 0 ? 1 : 0) | (x === width - 1 ? 2 : 0) | (y === 0 ? 4 : 0)
        edges |= y === height - 1 ? 8 : 0
      }
      if (edges === 0 || edges === 15) continue
      found = true
      for (let index = 0; index < size; index++) band[queue[index] ?? 0] = 1
    }
    if (!found) return
    // What a band encloses (the print on it) cannot be reached from the card's edge around it.
    seenPixel.fill(0)
    const outside = (pixel: number) => !band[pixel]
    for (let x = 0; x < width; x++)
      for (const pixel of [x, (height - 1) * width + x])
        if (!seenPixel[pixel] && outside(pixel)) flood(pixel, outside)
    for (let y = 0; y < height; y++)
      for (const pixel of [y * width, y * width + width - 1])
        if (!seenPixel[pixel] && outside(pixel)) flood(pixel, outside)
    // A large enclosed region is paper, not print: a card lying on a dark table in an uncropped photo.
    for (let start = 0; start < pixels; start++) {
      if (seenPixel[start] || band[start]) continue
      const size = flood(start, outside)
      if (size < pixels * 0.04)
        for (let index = 0; index < size; index++) band[queue[index] ?? 0] = 1
    }
    for (let pixel = 0; pixel < pixels; pixel++)
      if (band[pixel]) data[pixel * 4] = 255 - (data[pixel * 4] ?? 0)
  }

  let sum = 0
  for (let index = 0; index < data.length; index += 4) sum += data[index] ?? 0
  if (sum / (width * height) < 127)
    for (let index = 0; index < data.length; index += 4) data[index] = 255 - (data[index] ?? 0)
  invertBands()
  const block = 64
  const columns = Math.ceil(width / block)
  const rows = Math.ceil(height / block)
  const paper = new Float32Array(columns * rows)
  const histogram = new Uint32Array(256)
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) {
      histogram.fill(0)
      let count = 0
      for (let y = row * block; y < Math.min(height, (row + 1) * block); y++)
        for (let x = column * block; x < Math.min(width, (column + 1) * block); x++) {
          const value = data[(y * width + x) * 4] ?? 0
          histogram[value] = (histogram[value] ?? 0) + 1
          count += 1
        }
      let [value, seen] = [255, 0]
      while (value > 0 && (seen += histogram[value] ?? 0) < count * 0.1) value -= 1
      paper[row * columns + column] = Math.max(value, 1)
    }
  const paperAt = (column: number, row: number) =>
    paper[
      Math.min(rows - 1, Math.max(0, row)) * columns + Math.min(columns - 1, Math.max(0, column))
    ] ?? 255
  for (let y = 0; y < height; y++) {
    const rowAt = (y + 0.5) / block - 0.5
    const row = Math.floor(rowAt)
    const fy = rowAt - row
    for (let x = 0; x < width; x++) {
      const columnAt = (x + 0.5) / block - 0.5
      const column = Math.floor(columnAt)
      const fx = columnAt - column
      const light =
        (paperAt(column, row) * (1 - fx) + paperAt(column + 1, row) * fx) * (1 - fy) +
        (paperAt(column, row + 1) * (1 - fx) + paperAt(column + 1, row + 1) * fx) * fy
      const at = (y * width + x) * 4
      // Paper (over 92% of its surroundings' light) becomes plain white, so its grain and the
      // JPEG's blocks are not read as marks; print darkens in proportion.
      const value = 255 * Math.min(1, Math.max(0, ((data[at] ?? 0) / light - 0.15) / 0.77))
      data[at] = value
      data[at + 1] = value
      data[at + 2] = value
    }
  }
}

/** A part of the card in pixels, as tesseract.js takes it to read only there. */
export type Rectangle = { left: number; top: number; width: number; height: number }

/**
 * The blocks of print on a prepared card that a first reading left partly unread: print (under
 * three quarters of the paper's light) is gathered into blocks of lines, and a block is returned
 * where at least a tenth of its print, and a word's worth, lies outside every box in `read`.
 * Tesseract's page layout drops small, faint lines far from the rest (a two-column card's contact
 * lines) that it reads well once asked to read their block alone.
 */
export function unreadPrint(
  { data, width, height }: Pixels,
  read: { x0: number; y0: number; x1: number; y1: number }[],
): Rectangle[] {
  const cell = 4
  const columns = Math.ceil(width / cell)
  const rows = Math.ceil(height / cell)
  const ink = new Uint8Array(columns * rows)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((data[(y * width + x) * 4] ?? 255) < 192)
        ink[Math.floor(y / cell) * columns + Math.floor(x / cell)] = 1
  // A word's box and the cells around it are read.
  const covered = new Uint8Array(columns * rows)
  for (const box of read) {
    const left = Math.max(0, Math.floor(box.x0 / cell) - 1)
    const right = Math.min(columns - 1, Math.floor(box.x1 / cell) + 1)
    const top = Math.max(0, Math.floor(box.y0 / cell) - 1)
    const bottom = Math.min(rows - 1, Math.floor(box.y1 / cell) + 1)
    for (let row = top; row <= bottom; row++)
      covered.fill(1, row * columns + left, row * columns + right + 1)
  }
  // Print within a few letters across, or a line's gap down, is one block.
  const [across, down] = [16, 8]
  const seen = new Uint8Array(columns * rows)
  const queue = new Int32Array(columns * rows)
  const found: Rectangle[] = []
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue
    let [head, tail] = [0, 0]
    queue[tail++] = start
    seen[start] = 1
    let [left, top, right, bottom, unread] = [columns, rows, 0, 0, 0]
    while (head < tail) {
      const at = queue[head++] ?? 0
      const [x, y] = [at % columns, Math.floor(at / columns)]
      left = Math.min(left, x)
      right = Math.max(right, x)
      top = Math.min(top, y)
      bottom = Math.max(bottom, y)
      if (!covered[at]) unread += 1
      const [from, to] = [Math.max(0, x - across), Math.min(columns - 1, x + across)]
      for (let row = Math.max(0, y - down); row <= Math.min(rows - 1, y + down); row++)
        for (let next = row * columns + from; next <= row * columns + to; next++)
          if (ink[next] && !seen[next]) {
            seen[next] = 1
            queue[tail++] = next
          }
    }
    // Under 12 pixels tall is a rule or a banner's edge, not print anyone could read.
    if (bottom - top >= 2 && unread >= 24 && unread >= tail * 0.1) {
      const margin = 3
      const [x0, y0] = [Math.max(0, left - margin) * cell, Math.max(0, top - margin) * cell]
      const x1 = Math.min(width, (right + 1 + margin) * cell)
      const y1 = Math.min(height, (bottom + 1 + margin) * cell)
      found.push({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
    }
  }
  return found
}

/**
 * Whether a full stop is printed in a stretch of a word on a prepared card: a blob of print of its
 * own, on the line the letters stand on (`baseline`), no taller or wider than a third of the
 * letters' height above it (`letters`), and square-ish. OCR drops an address's small, faint dot
 * ('jlpicard@' for 'jl.picard@'); the print still shows it. A letter's stroke is taller, an 'i's
 * dot sits high, a hyphen or underscore is wide.
 */
export function hasFullStop(
  { data, width }: Pixels,
  stretch: { x0: number; x1: number; y0: number; y1: number },
  baseline: number,
  letters: number,
): boolean {
  const [across, down] = [stretch.x1 - stretch.x0, stretch.y1 - stretch.y0]
  if (across <= 0 || down <= 0 || letters <= 0) return false
  const isPrint = (x: number, y: number) => (data[(y * width + x) * 4] ?? 255) < 192
  // Over a full stop, up to the letters' height, the paper is clear; over a letter's loose foot,
  // its stroke shows, if fainter.
  const isClearAbove = (left: number, right: number, top: number) => {
    for (let y = Math.max(0, Math.round(baseline - letters)); y < top - 1; y++)
      for (let x = left; x <= right; x++) if ((data[(y * width + x) * 4] ?? 255) < 224) return false
    return true
  }
  const seen = new Uint8Array(across * down)
  const queue = new Int32Array(across * down)
  for (let start = 0; start < seen.length; start++) {
    const [startX, startY] = [
      stretch.x0 + (start % across),
      stretch.y0 + Math.floor(start / across),
    ]
    if (seen[start] || !isPrint(startX, startY)) continue
    let [head, tail] = [0, 0]
    queue[tail++] = start
    seen[start] = 1
    let [left, top, right, bottom] = [startX, startY, startX, startY]
    while (head < tail) {
      const at = queue[head++] ?? 0
      const [x, y] = [stretch.x0 + (at % across), stretch.y0 + Math.floor(at / across)]
      left = Math.min(left, x)
      right = Math.max(right, x)
      top = Math.min(top, y)
      bottom = Math.max(bottom, y)
      for (const [nextX, nextY] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        const next = (nextY - stretch.y0) * across + (nextX - stretch.x0)
        if (
          nextX >= stretch.x0 &&
          nextX < stretch.x1 &&
          nextY >= stretch.y0 &&
          nextY < stretch.y1 &&
          !seen[next] &&
          isPrint(nextX, nextY)
        ) {
          seen[next] = 1
          queue[tail++] = next
        }
      }
    }
    const [blobWidth, blobHeight] = [right - left + 1, bottom - top + 1]
    // A blob the stretch cuts belongs to the print beside it.
    const isInside = left > stretch.x0 && right < stretch.x1 - 1
    const isSmall = Math.max(blobWidth, blobHeight) <= letters / 3
    const isSquare = blobWidth <= blobHeight * 2.5 && blobHeight <= blobWidth * 2.5
    const isOnBaseline = Math.abs(bottom - baseline) <= letters / 6 && top > baseline - letters / 2
    if (
      isInside &&
      isSmall &&
      isSquare &&
      isOnBaseline &&
      tail >= 4 &&
      isClearAbove(left, right, top)
    )
      return true
  }
  return false
}

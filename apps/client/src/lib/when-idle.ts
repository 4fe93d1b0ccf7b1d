let screenShown: (at: number) => void = () => {}
const firstScreenShown = new Promise<number>((resolve) => {
  screenShown = resolve
})

/** Says that a screen, not the loading screen, is on the page (AppLayout, once). */
export function markScreenShown(): void {
  screenShown(performance.now())
}

/** The longest wait for a largest paint that may not come (nothing larger than before was painted). */
const LARGEST_PAINT_WAIT_MS = 1000

const reportsLargestPaint = () =>
  globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint') ?? false

/**
 * Resolves once the browser reports a largest paint at or after `since`, or after a second without
 * one. Where there are no such reports (Safari), just after the next paint.
 */
function largestPaintAfter(since: number): Promise<void> {
  if (!reportsLargestPaint())
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
  return new Promise((resolve) => {
    const timer = setTimeout(done, LARGEST_PAINT_WAIT_MS)
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) done()
    })
    observer.observe({ type: 'largest-contentful-paint', buffered: true })
    function done() {
      clearTimeout(timer)
      observer.disconnect()
      resolve()
    }
  })
}

/**
 * Resolves once the first screen's content is presented and the browser has nothing more urgent
 * to do. Work that screen does not need (the offline code, the profile menu) then never competes
 * with its chunks, data and rendering on a slow network or a slow phone: an idle moment while the
 * screen's data is on its way, or before its text is painted, does not count.
 */
export async function whenIdle(): Promise<void> {
  await largestPaintAfter(await firstScreenShown)
  await new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve())
    else setTimeout(resolve)
  })
}

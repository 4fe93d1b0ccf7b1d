/**
 * Resolves once the browser has nothing more urgent to do: work the first screen does not need
 * waits until it is painted. Where there are no idle callbacks (Safari), just after the next paint.
 */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve())
    else requestAnimationFrame(() => setTimeout(resolve))
  })
}

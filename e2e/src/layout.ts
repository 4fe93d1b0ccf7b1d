import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Locator, Page } from 'playwright-core'

/** WCAG 2.5.8's minimum: no tap target may be smaller, exception or not. */
export const TAP_TARGET_FLOOR_PX = 24
/** The size every tap target should have (WCAG 2.5.5, Apple and Material guidelines). */
export const TAP_TARGET_GOAL_PX = 44

/** A kind of tap target allowed below 44 px (but never below 24 px), and why. */
export type TapTargetException = { selector: string; reason: string }

/**
 * What a person holding the phone would notice about the layout of `scope` (the whole page when
 * left out): the page or a container that does not scroll is wider than its box, something sticks
 * out of the screen outside a horizontal scroller, a button, chip, badge or stat label wraps onto a
 * second line, or a tap target is under 44 x 44 px (under 24 px for the listed exceptions).
 */
export async function layoutProblems(
  page: Page,
  exceptions: readonly TapTargetException[],
  scope?: Locator,
): Promise<string[]> {
  const root = scope ? await scope.elementHandle() : await page.locator('body').elementHandle()
  if (!root) throw new Error('Nothing to check: the scope is not on the page')
  return root.evaluate(
    (rootElement, { exceptionSelectors, floor, goal }) => {
      const problems: string[] = []
      const viewportWidth = document.documentElement.clientWidth
      const describe = (element: Element) => {
        const name =
          element.getAttribute('aria-label') ??
          element.getAttribute('title') ??
          element.textContent?.replace(/\s+/g, ' ').trim() ??
          ''
        const tag = element.tagName.toLowerCase()
        return `${tag}${name ? ` "${name.slice(0, 48)}"` : ''}`
      }
      const isShown = (element: Element) =>
        element.checkVisibility({ visibilityProperty: true, opacityProperty: false })
      // Screen-reader-only text is 1 px and clipped on purpose.
      const isVisuallyHidden = (rect: DOMRect) => rect.width <= 1 || rect.height <= 1
      const scrollsSideways = (element: Element) => {
        const { overflowX } = getComputedStyle(element)
        return overflowX === 'auto' || overflowX === 'scroll'
      }
      const union = (a: DOMRect, b: DOMRect) => {
        const left = Math.min(a.left, b.left)
        const top = Math.min(a.top, b.top)
        return new DOMRect(
          left,
          top,
          Math.max(a.right, b.right) - left,
          Math.max(a.bottom, b.bottom) - top,
        )
      }
      const isInSidewaysScroller = (element: Element) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement)
          if (scrollsSideways(parent)) return true
        return false
      }

      if (document.documentElement.scrollWidth > viewportWidth)
        problems.push(
          `the page is ${document.documentElement.scrollWidth} px wide on a ${viewportWidth} px screen`,
        )

      for (const element of Array.from(rootElement.querySelectorAll('*'))) {
        if (!isShown(element)) continue
        const rect = element.getBoundingClientRect()
        if (isVisuallyHidden(rect)) continue
        const style = getComputedStyle(element)
        const clipsSideways = style.overflowX === 'hidden' || style.overflowX === 'clip'
        // Ellipsis truncation is a choice: the whole text is one tap away (or in a title). Text
        // fields scroll their own text, and a clipped box with no text in it (a switch's track)
        // hides nothing a person reads.
        if (
          clipsSideways &&
          style.textOverflow !== 'ellipsis' &&
          !element.matches('input, textarea') &&
          element.textContent?.trim() &&
          element.scrollWidth > element.clientWidth + 1
        )
          problems.push(
            `${describe(element)} cuts off its content (${element.scrollWidth} px in ${element.clientWidth} px)`,
          )
        if ((rect.right > viewportWidth + 1 || rect.left < -1) && !isInSidewaysScroller(element))
          problems.push(
            `${describe(element)} sticks out of the screen (${Math.round(rect.left)} to ${Math.round(rect.right)} px)`,
          )
      }

      const labels = rootElement.querySelectorAll(
        '.mantine-Button-label, .mantine-Badge-label, .mantine-Chip-label, .mantine-SegmentedControl-label, [data-stat-label]',
      )
      for (const label of Array.from(labels)) {
        if (!isShown(label)) continue
        const lineTops = new Set<number>()
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange()
          range.selectNodeContents(node)
          for (const line of Array.from(range.getClientRects()))
            if (line.width > 0) lineTops.add(Math.round(line.top / 4))
        }
        if (lineTops.size > 1) problems.push(`${describe(label)} wraps onto ${lineTops.size} lines`)
      }

      const targets = rootElement.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"]',
      )
      for (const target of Array.from(targets)) {
        if (!isShown(target)) continue
        // A field is the box a person sees (a password field's input sits inside it); a box or
        // switch is tapped together with its label.
        const own = (target.closest('.mantine-Input-input') ?? target).getBoundingClientRect()
        const isToggle = target.matches('input[type="checkbox"], input[type="radio"]')
        const label = isToggle ? (target as HTMLInputElement).labels?.[0] : undefined
        const rect = label ? union(own, label.getBoundingClientRect()) : own
        if (rect.width >= goal && rect.height >= goal) continue
        const size = `${Math.round(rect.width)} x ${Math.round(rect.height)} px`
        const isException = exceptionSelectors.some((selector) => target.closest(selector))
        if (!isException) problems.push(`${describe(target)} is a ${size} tap target`)
        else if (rect.width < floor || rect.height < floor)
          problems.push(`${describe(target)} is a ${size} tap target, under the ${floor} px floor`)
      }
      return problems
    },
    {
      exceptionSelectors: exceptions.map((exception) => exception.selector),
      floor: TAP_TARGET_FLOOR_PX,
      goal: TAP_TARGET_GOAL_PX,
    },
  )
}

const outputDir = resolve(import.meta.dirname, '../output')

/** A screenshot for the contact sheet, in e2e/output/screens (not committed). */
export async function captureScreen(page: Page, name: string): Promise<string> {
  const file = `screens/${name}.png`
  await mkdir(join(outputDir, 'screens'), { recursive: true })
  await page.screenshot({ path: join(outputDir, file) })
  return file
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`)

/** One page with every screen side by side, for a person to review the whole app at a glance. */
export async function writeContactSheet(
  title: string,
  screens: readonly { name: string; file: string }[],
): Promise<string> {
  const path = join(outputDir, 'contact-sheet.html')
  const figures = screens
    .map(
      ({ name, file }) =>
        `<figure><a href="${file}"><img src="${file}" alt="${escapeHtml(name)}" loading="lazy"></a><figcaption>${escapeHtml(name)}</figcaption></figure>`,
    )
    .join('\n')
  await mkdir(outputDir, { recursive: true })
  await writeFile(
    path,
    `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 24px; background: #f1f3f5; }
  main { display: flex; flex-wrap: wrap; gap: 24px; }
  figure { margin: 0; width: 260px; }
  img { width: 100%; border: 1px solid #ced4da; background: white; }
  figcaption { font-size: 14px; margin-top: 4px; }
</style>
<h1>${escapeHtml(title)}</h1>
<main>
${figures}
</main>
</html>
`,
  )
  return path
}

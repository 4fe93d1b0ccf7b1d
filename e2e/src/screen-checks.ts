import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser.ts'

/** Waits until every finite animation has ended, so what is checked is what stays on screen. */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  )
}

/** Button labels cut off by their button (Mantine's labels do not wrap and hide what overflows). */
function clippedButtonLabels(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Button-label'))
      .filter((label) => label.checkVisibility())
      .filter(
        (label) =>
          label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
      )
      .map((label) => label.textContent),
  )
}

/**
 * Screenshot and checks of a phone screen as it is now: accessibility, no cut-off labels, and
 * nothing wider than the 390 px phone.
 */
export async function checkPhoneScreen(page: Page, name: string) {
  await settled(page)
  await screenshot(page, name)
  expect(await seriousA11yViolations(page)).toEqual([])
  expect(await clippedButtonLabels(page), `${name}: cut-off labels`).toEqual([])
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth, `${name}: page wider than the phone`).toBeLessThanOrEqual(390)
}

import { describe, expect, it, vi } from 'vitest'
import { markScreenShown, whenIdle } from './when-idle.ts'

describe('whenIdle', () => {
  it('holds the work the first screen does not need until that screen is shown', async () => {
    let started = false
    void whenIdle().then(() => {
      started = true
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(started).toBe(false)

    markScreenShown()
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 5000 })
  })
})

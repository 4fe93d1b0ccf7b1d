import { describe, expect, it } from 'vitest'
import { createConcurrencyLimit } from './concurrency-limit.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('createConcurrencyLimit', () => {
  it('never runs more than max tasks at once, and runs them all', async () => {
    const limited = createConcurrencyLimit(2)
    let running = 0
    let mostAtOnce = 0
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        limited(async () => {
          running++
          mostAtOnce = Math.max(mostAtOnce, running)
          await tick()
          running--
          return index
        }),
      ),
    )
    expect(mostAtOnce).toBe(2)
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('starts waiting tasks in the order they came', async () => {
    const limited = createConcurrencyLimit(1)
    const started: number[] = []
    await Promise.all(
      [1, 2, 3].map((n) =>
        limited(async () => {
          started.push(n)
          await tick()
        }),
      ),
    )
    expect(started).toEqual([1, 2, 3])
  })

  it('frees the slot of a failed task', async () => {
    const limited = createConcurrencyLimit(1)
    await expect(limited(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(limited(() => Promise.resolve('next'))).resolves.toBe('next')
  })

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow()
  })
})

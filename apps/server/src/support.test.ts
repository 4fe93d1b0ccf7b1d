import { describe, expect, it } from 'vitest'
import { createTestApp } from './test/test-app.ts'
import { trpcQuery } from './test/trpc-calls.ts'

describe('the Help & Support contact address', () => {
  it('is the configured SUPPORT_EMAIL, to anyone, signed in or not', async () => {
    const t = await createTestApp({ supportEmail: 'help@fiveconnect.example' })
    try {
      expect(await trpcQuery(t, '', 'support.contact')).toEqual({
        email: 'help@fiveconnect.example',
      })
    } finally {
      await t.close()
    }
  })

  it('is none when no address is configured', async () => {
    const t = await createTestApp()
    try {
      expect(await trpcQuery(t, '', 'support.contact')).toEqual({ email: null })
    } finally {
      await t.close()
    }
  })
})

import { Argon2id } from 'oslo/password'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.ts'

describe('password hashes', () => {
  it("stores Argon2id at OWASP's 7 MiB, 5 passes, 1 lane, and verifies only the right password", async () => {
    const hash = await hashPassword('correct horse battery')

    expect(hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/)
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false)
  })

  it('still signs in accounts whose hash was made at the former 19 MiB and 2 passes', async () => {
    const former = new Argon2id({ memorySize: 19_456, iterations: 2, parallelism: 1 })
    const hash = await former.hash('an older password')

    expect(await verifyPassword(hash, 'an older password')).toBe(true)
    expect(await verifyPassword(hash, 'another password')).toBe(false)
  })
})

import { Argon2id } from 'oslo/password'

// OWASP's Argon2id recommendation: 19 MiB, 2 passes, 1 lane. The work runs on libuv's thread
// pool, so the event loop keeps serving other requests while a hash is computed.
const argon2id = new Argon2id({ memorySize: 19_456, iterations: 2, parallelism: 1 })

export function hashPassword(password: string): Promise<string> {
  return argon2id.hash(password)
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2id.verify(hash, password)
  } catch {
    // Not an Argon2 hash at all (e.g. the system account's placeholder): nothing can match it.
    return false
  }
}

let dummyHash: Promise<string> | undefined

/** Spends the time of a real verification, so unknown emails answer as slowly as known ones. */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= argon2id.hash('dummy password for timing')
  await argon2id.verify(await dummyHash, password)
}

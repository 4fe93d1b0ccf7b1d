import { availableParallelism } from 'node:os'
import { Argon2id } from 'oslo/password'
import { createConcurrencyLimit } from './concurrency-limit.ts'

// OWASP's Argon2id option of 7 MiB, 5 passes, 1 lane: as strong as its 19 MiB and 2 passes, for
// about the same CPU. The smaller block matters on a server held under 200 MB: the allocator of
// @node-rs/argon2 (mimalloc) keeps a freed block resident, so from its first sign-in on the server
// holds one block for each hash it has run at once. The work runs on libuv's thread pool, so the
// event loop keeps serving other requests.
const PARAMETERS = { memorySize: 7_168, iterations: 5, parallelism: 1 }
const argon2id = new Argon2id(PARAMETERS)
/** How every hash made now begins (PHC format): one that begins otherwise was made before. */
const CURRENT_HASH_PREFIX = `$argon2id$v=19$m=${PARAMETERS.memorySize},t=${PARAMETERS.iterations},p=${PARAMETERS.parallelism}$`

// Each hash keeps a core busy for its whole run: with as many hashes as the pool has threads (4),
// a burst of logins takes every core and the event loop starves. At most cores-1 at a time
// leaves it a core; the others wait their turn.
const limited = createConcurrencyLimit(Math.max(1, availableParallelism() - 1))

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2id.hash(password))
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => argon2id.verify(hash, password))
  } catch {
    // Not an Argon2 hash at all (e.g. the system account's placeholder): nothing can match it.
    return false
  }
}

/**
 * Whether a hash was made at other parameters than hashPassword's. A wrong password for such an
 * account takes as long as its parameters cost, unlike an unknown email's dummy verification, so
 * sign-in rehashes it at once.
 */
export function isHashOutdated(hash: string): boolean {
  return !hash.startsWith(CURRENT_HASH_PREFIX)
}

let dummyHash: Promise<string> | undefined

/** Spends the time of a real verification, so unknown emails answer as slowly as known ones. */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password for timing')
  // Awaited before taking a slot: the dummy hash itself may still be waiting for one.
  const hash = await dummyHash
  await limited(() => argon2id.verify(hash, password))
}

// Kept apart from the schemas (./schemas re-exports it): the client's first chunk reads it, and
// should not carry zod.

/** The most tRPC calls one batched request may carry; the client's batch link splits above it. */
export const MAX_BATCH_CALLS = 20

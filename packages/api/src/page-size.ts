// Kept apart from the schemas: the signed-in app's first chunks read them, and should not carry
// zod.

/** A list's first page, when the caller does not say; and the most one page may hold. */
export const PAGE_SIZE = 30
export const MAX_PAGE_SIZE = 100

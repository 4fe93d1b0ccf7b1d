/** The largest JSON body an /api route takes; routes that take files set their own limit. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

// Kept apart from the schemas: screens of the signed-in app's first chunks check images with it,
// and should not carry zod.
import { MAX_IMAGE_BYTES } from './file-types.ts'

/**
 * Why a file cannot be uploaded as an image, or null when it can (SPEC section 5): checked on the
 * device before uploading; the server checks the bytes again.
 */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'Only image files can be uploaded.'
  if (file.size > MAX_IMAGE_BYTES) return 'Images must be 5 MB or smaller.'
  return null
}

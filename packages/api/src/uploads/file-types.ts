// Content types are decided from the first bytes of a file, never from its name or the client's word.

export const MAX_IMAGE_BYTES = 5_242_880
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024
export const MAX_AUDIO_SECONDS = 10 * 60
/** Enough leading bytes for every signature below. */
export const SNIFF_BYTES = 32

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  text.split('').every((char, index) => bytes[offset + index] === char.charCodeAt(0))

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((byte, index) => bytes[index] === byte)

/** The brand of an ISO base media file (MP4, HEIC), or undefined. */
function isoBrand(bytes: Uint8Array): string | undefined {
  if (!ascii(bytes, 4, 'ftyp')) return undefined
  return String.fromCharCode(...bytes.subarray(8, 12))
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'])
const HEIF_BRANDS = new Set(['mif1', 'msf1'])

export function sniffImageType(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif'
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp'
  const brand = isoBrand(bytes)
  if (brand && HEIC_BRANDS.has(brand)) return 'image/heic'
  if (brand && HEIF_BRANDS.has(brand)) return 'image/heif'
  return undefined
}

export function sniffAudioType(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'audio/webm'
  if (ascii(bytes, 0, 'OggS')) return 'audio/ogg'
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return 'audio/wav'
  if (ascii(bytes, 0, 'ID3')) return 'audio/mpeg'
  // An MPEG audio frame header starts with 11 set bits.
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg'
  const brand = isoBrand(bytes)
  if (brand && !HEIC_BRANDS.has(brand) && !HEIF_BRANDS.has(brand)) return 'audio/mp4'
  return undefined
}

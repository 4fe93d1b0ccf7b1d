import jsQR from 'jsqr'

export type Pixels = { data: Uint8ClampedArray; width: number; height: number }

const utf8 = new TextDecoder('utf-8')

/** The text of the QR code in an RGBA image, read as UTF-8 (so names like Zoë survive), or null. */
export function decodeQr({ data, width, height }: Pixels): string | null {
  const code = jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })
  return code ? utf8.decode(new Uint8Array(code.binaryData)) : null
}

import { encode } from 'uqr'

/**
 * `text` as a QR code, drawn as SVG elements (one path of dark modules), black on white with a
 * quiet zone so phone cameras read it on any theme.
 */
export function QrCode({
  text,
  label,
  size = 240,
}: {
  text: string
  label: string
  size?: number
}) {
  // UTF-8 bytes, so names like Zoë survive the scan.
  const { data } = encode(Array.from(new TextEncoder().encode(text)), { ecc: 'M', border: 4 })
  const path = data
    .flatMap((row, y) => row.map((isDark, x) => (isDark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('')
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${data.length} ${data.length}`}
      shapeRendering="crispEdges"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

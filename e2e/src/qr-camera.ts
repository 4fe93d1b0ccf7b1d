import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { encode } from 'uqr'

const run = promisify(execFile)
const WIDTH = 640
const HEIGHT = 480

/**
 * A camera feed for Chromium's --use-file-for-fake-video-capture: `text` as a QR code (UTF-8,
 * with its quiet zone) in the middle of a white 640 x 480 frame, as a one-second .y4m video that
 * Chromium plays in a loop. Needs ffmpeg (scripts/setup-test-deps.sh installs it).
 */
export async function qrCameraFeed(dir: string, text: string): Promise<string> {
  const { data: modules } = encode(Array.from(new TextEncoder().encode(text)), {
    ecc: 'M',
    border: 4,
  })
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / modules.length)
  const size = modules.length * scale
  const left = Math.floor((WIDTH - size) / 2)
  const top = Math.floor((HEIGHT - size) / 2)
  const pixels = Buffer.alloc(WIDTH * HEIGHT, 255)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (modules[Math.floor(y / scale)]?.[Math.floor(x / scale)]) {
        pixels[(top + y) * WIDTH + left + x] = 0
      }
    }
  }
  const image = join(dir, 'qr.pgm')
  await writeFile(image, Buffer.concat([Buffer.from(`P5\n${WIDTH} ${HEIGHT}\n255\n`), pixels]))
  const video = join(dir, 'qr.y4m')
  await run('ffmpeg', [
    ...['-nostdin', '-y', '-v', 'error', '-loop', '1', '-i', image],
    ...['-t', '1', '-r', '10', '-pix_fmt', 'yuv420p', video],
  ])
  return video
}

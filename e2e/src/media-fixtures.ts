import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * The fixtures, made fresh: an 8 x 8 PNG to attach as a photo, and the speech Chromium's fake
 * microphone plays (espeak-ng speaks, with `voice` as its options such as ['-v', 'en-us']; ffmpeg
 * makes it the 16-bit PCM WAV that --use-file-for-fake-audio-capture reads, with a pause before
 * it loops).
 */
export async function makeMediaFixtures(
  dir: string,
  { speech = 'Hello world. Follow up next week about the meetup.', voice = [] as string[] } = {},
) {
  const photo = join(dir, 'linus.png')
  const spoken = join(dir, 'spoken.wav')
  const microphone = join(dir, 'microphone.wav')
  await Promise.all([
    run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=0x4f46e5:s=8x8',
      '-frames:v',
      '1',
      photo,
    ]),
    run('espeak-ng', [...voice, '-w', spoken, speech]),
  ])
  await run(
    'ffmpeg',
    ['-v', 'error', '-i', spoken, '-af', 'apad=pad_dur=0.5'].concat([
      '-ac',
      '1',
      '-ar',
      '48000',
      '-c:a',
      'pcm_s16le',
      microphone,
    ]),
  )
  return { photo, microphone }
}

export type MediaFixtures = Awaited<ReturnType<typeof makeMediaFixtures>>

/** Chromium's flags for a fake microphone that plays the fixture's speech, allowed without asking. */
export const fakeMicrophone = (fixtures: MediaFixtures) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-audio-capture=${fixtures.microphone}`,
]

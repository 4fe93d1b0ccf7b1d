import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The full path of a program on PATH, or undefined when it is not installed. */
export async function findExecutable(name: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('sh', ['-c', 'command -v "$1"', 'sh', name])
    return stdout.trim() || undefined
  } catch {
    return undefined
  }
}

/**
 * The length of a recording in seconds, or undefined when it cannot be told. Recordings from a
 * browser's MediaRecorder carry no duration in their header, so those are decoded to find it.
 */
export async function probeDurationSeconds(
  tools: { ffprobe: string; ffmpeg: string },
  file: string,
): Promise<number | undefined> {
  try {
    const { stdout } = await run(tools.ffprobe, [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'default=nw=1:nk=1',
      file,
    ])
    const seconds = Number.parseFloat(stdout)
    if (Number.isFinite(seconds)) return seconds
    const { stderr } = await run(tools.ffmpeg, [
      '-nostdin',
      '-v',
      'error',
      '-stats',
      '-i',
      file,
      '-f',
      'null',
      '-',
    ])
    const times = [...stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)]
    const last = times.at(-1)
    if (!last) return undefined
    return Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3])
  } catch {
    return undefined
  }
}

/** ffprobe and ffmpeg, when both are installed. */
export async function findProbeTools() {
  const [ffprobe, ffmpeg] = await Promise.all([findExecutable('ffprobe'), findExecutable('ffmpeg')])
  return ffprobe && ffmpeg ? { ffprobe, ffmpeg } : undefined
}

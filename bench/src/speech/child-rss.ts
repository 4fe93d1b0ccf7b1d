import { readdirSync, readFileSync } from 'node:fs'

/** The peak resident set size (VmHWM) in MB of each live child process of this process, by pid. */
function childPeaksMb(): Map<number, number> {
  const peaks = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      if (Number(/^PPid:\s+(\d+)$/m.exec(status)?.[1]) !== process.pid) continue
      const peak = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]
      if (peak) peaks.set(Number(entry), Number(peak) / 1024)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return peaks
}

/**
 * Watches the programs this process starts (an engine run as a command) and keeps the highest peak
 * RSS any one of them reached: the memory one transcription adds to the server.
 */
export function sampleChildRss(intervalMs = 50) {
  let max = 0
  const timer = setInterval(() => {
    for (const peak of childPeaksMb().values()) max = Math.max(max, peak)
  }, intervalMs)
  timer.unref()
  return {
    stop: () => {
      clearInterval(timer)
      return max
    },
  }
}

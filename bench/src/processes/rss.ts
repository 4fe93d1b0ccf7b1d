import { readFileSync } from 'node:fs'

/** Resident set size of a process in MB, from /proc (Linux); undefined once it has gone. */
export function readRssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match?.[1] ? Number(match[1]) / 1024 : undefined
  } catch {
    return undefined
  }
}

export type RssSampler = { maxMb: () => number; stop: () => void }

/** Samples a process's RSS every `intervalMs` for as long as it runs, keeping the maximum. */
export function sampleRss(pid: number, intervalMs = 200): RssSampler {
  let max = 0
  const sample = () => {
    const rss = readRssMb(pid)
    if (rss !== undefined && rss > max) max = rss
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  timer.unref()
  return {
    maxMb: () => {
      sample()
      return max
    },
    stop: () => clearInterval(timer),
  }
}

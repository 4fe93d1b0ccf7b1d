import { execFileSync } from 'node:child_process'
import { cpus, totalmem } from 'node:os'

export type Machine = {
  date: string
  cpuModel: string
  cores: number
  memoryGb: number
  node: string
  postgres: string
  commit: string
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

export function describeMachine(postgresVersion: string): Machine {
  const processors = cpus()
  return {
    date: new Date().toISOString(),
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres: postgresVersion,
    commit: gitCommit(),
  }
}

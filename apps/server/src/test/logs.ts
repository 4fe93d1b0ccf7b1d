import { onTestFinished } from 'vitest'
import { configureLogging } from '../logging/logger.ts'

export type LogEntry = Record<string, unknown> & { level: number; msg: string }

/**
 * Collects what the server logs, as the JSON lines it would write, from now until the end of the
 * current test.
 */
export function captureLogs() {
  const lines: string[] = []
  const restore = configureLogging({
    level: 'info',
    destination: { write: (line: string) => void lines.push(line) },
  })
  onTestFinished(restore)
  return {
    /** Everything written, as it would reach stdout. */
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as LogEntry),
  }
}

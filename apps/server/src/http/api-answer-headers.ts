import { defaultHeaders } from './default-headers.ts'

/**
 * The headers every API answer carries unless its route set its own: `Cache-Control: no-store`
 * (every answer is about the person asking) and `Vary: Accept-Encoding` (compressAnswers() may
 * answer gzip, and sets the same Vary when it does).
 */
export function apiAnswerHeaders() {
  return defaultHeaders([
    ['Cache-Control', 'no-store'],
    ['Vary', 'Accept-Encoding'],
  ])
}

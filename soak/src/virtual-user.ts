/** One simulated attendee: a session cookie and the HTTP calls the app makes, with a time limit. */
/** One call: its answer's status (0 for none) and when it was sent and settled. */
export type Outcome = { status: number; startedAt: number; at: number; action: string }

export class VirtualUser {
  cookie = ''
  constructor(
    readonly baseUrl: string,
    readonly email: string,
    readonly password: string,
    private readonly record: (outcome: Outcome) => void,
  ) {}

  async call(
    action: string,
    path: string,
    init: { method?: string; body?: unknown; raw?: Blob; form?: FormData } = {},
  ) {
    const headers: Record<string, string> = { origin: this.baseUrl }
    if (this.cookie) headers.cookie = this.cookie
    let body: BodyInit | undefined
    if (init.form) {
      body = init.form
    } else if (init.raw) {
      body = init.raw
      headers['content-type'] = init.raw.type
    } else if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] = 'application/json'
    }
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`
    let status = 0
    const startedAt = Date.now()
    try {
      const response = await fetch(url, {
        method: init.method ?? (body ? 'POST' : 'GET'),
        headers,
        body,
        signal: AbortSignal.timeout(15_000),
      })
      status = response.status
      // Signed out (a sign-in whose answer was lost has ended the old session): sign in again.
      if (status === 401) this.cookie = ''
      const cookie = response.headers
        .getSetCookie()
        .find((value) => value.startsWith('fiveconnect_session='))
      if (cookie) this.cookie = cookie.split(';')[0] ?? ''
      const text = await response.text()
      return {
        status,
        data:
          text && response.headers.get('content-type')?.includes('json')
            ? (JSON.parse(text) as unknown)
            : text,
      }
    } catch {
      return { status, data: undefined }
    } finally {
      this.record({ status, startedAt, at: Date.now(), action })
    }
  }
}

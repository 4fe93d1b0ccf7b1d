/** Logs in over REST and returns the Cookie header value that carries the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) {
    throw new Error(`Login as ${email} answered ${response.status}: ${await response.text()}`)
  }
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '')
  if (cookies.length === 0) throw new Error(`Login as ${email} set no cookie`)
  return cookies.join('; ')
}

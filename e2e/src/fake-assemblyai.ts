import { createServer, type IncomingMessage } from 'node:http'

export type FakeAssemblyAi = Awaited<ReturnType<typeof startFakeAssemblyAi>>

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * AssemblyAI's REST API as the server's SDK uses it (POST /v2/upload, POST /v2/transcript,
 * GET /v2/transcript/{id}), on a loopback port, for a server started with ASSEMBLYAI_BASE_URL.
 * It cannot hear: every transcript is `text`, the words the test had espeak-ng say. It keeps what
 * was uploaded, so a test can check that the recording itself reached it.
 */
export async function startFakeAssemblyAi({ apiKey, text }: { apiKey: string; text: string }) {
  const uploads: Buffer[] = []
  const server = createServer((request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    void (async () => {
      const body = await readBody(request)
      if (request.headers.authorization !== apiKey) return reply(401, { error: 'Invalid API key' })
      const path = request.url ?? ''
      if (request.method === 'POST' && path === '/v2/upload') {
        uploads.push(body)
        return reply(200, { upload_url: `http://fake-cdn.invalid/upload/${uploads.length}` })
      }
      if (request.method === 'POST' && path === '/v2/transcript') {
        const { audio_url } = JSON.parse(body.toString()) as { audio_url: string }
        return reply(200, { id: audio_url.split('/').at(-1), status: 'queued', audio_url })
      }
      const transcript = /^\/v2\/transcript\/(\d+)$/.exec(path)
      if (request.method === 'GET' && transcript && uploads[Number(transcript[1]) - 1]) {
        return reply(200, { id: transcript[1], status: 'completed', text })
      }
      reply(404, { error: `No route for ${request.method ?? ''} ${path}` })
    })()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('The fake AssemblyAI has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    uploads,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}

import { createServer, connect, type Server, type Socket } from 'node:net'

/**
 * A loopback TCP proxy that a test can cut and restore, to play a database outage without touching
 * the shared Postgres server.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address()
        if (address && typeof address === 'object') port = address.port
        resolve()
      })
    })

  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (server) server.close(() => resolve())
      else resolve()
      server = undefined
    })

  await listen()
  return {
    port,
    /** Drops every open connection and refuses new ones, as a stopped server would. */
    cut,
    restore: listen,
    close: cut,
  }
}

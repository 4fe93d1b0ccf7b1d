import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'

type Fetch = Parameters<typeof serve>[0]['fetch']

export type NodeServer = { base: string; close: () => Promise<void> }

/** `fetch` served by Node on a free port of 127.0.0.1, as index.ts serves the app. */
export function serveOverNode(fetch: Fetch): Promise<NodeServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({
        base: `http://127.0.0.1:${String(info.port)}`,
        close: () => new Promise((closed) => server.close(() => closed())),
      })
    })
  })
}

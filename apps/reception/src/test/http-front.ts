import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FakeApiServer } from './fake-api-server.ts'

export interface HttpFront {
  baseUrl: string
  /** The next request to `METHOD /path` is accepted and never answered, like one lost on venue Wi-Fi. */
  swallowNext(route: string): void
  /** Requests that were swallowed so far. */
  readonly swallowed: number
  close(): Promise<void>
}

/**
 * A real HTTP server on loopback in front of the in-memory API, so a device's requests go through fetch and
 * a socket, and can be made to hang the way only a real connection can.
 */
export async function startHttpFront(api: FakeApiServer): Promise<HttpFront> {
  const forward = api.fetchFor(() => true)
  const toSwallow = new Set<string>()
  const held: ServerResponse[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const route = `${request.method} ${request.url?.split('?')[0]}`
      if (toSwallow.delete(route)) {
        held.push(response)
        return
      }
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value)
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined
      void forward(`http://${request.headers.host}${request.url}`, {
        method: request.method ?? 'GET',
        headers,
        ...(body === undefined ? {} : { body }),
      }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(await answer.text())
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    swallowNext: (route) => void toSwallow.add(route),
    get swallowed() {
      return held.length
    },
    async close() {
      for (const response of held.splice(0)) response.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What an API process answered: the status and the parsed JSON body, if any. */
export interface Answer {
  status: number
  body: unknown
}

/** One authenticated request to an API process over real HTTP, as a client would send it. */
export async function call(
  base: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) }
}

/** Listens on a free loopback port; answers the server's base URL. */
export async function bind(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Closes a server started by bind(), dropping kept-alive connections so the close does not wait on them. */
export async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

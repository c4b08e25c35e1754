import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readResponse, requestInit } from './harness.ts'

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
  const { status, body: answered } = await readResponse(
    await fetch(`${base}${path}`, requestInit(method, { token, body })),
  )
  return { status, body: answered }
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

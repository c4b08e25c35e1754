import { Agent, request } from 'node:http'

/** The bench's `--name=value` arguments by name (a bare `--name` reads as the empty string). */
export function benchArgs(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(
    argv.map((arg) => {
      const [name, value = ''] = arg.replace(/^--/, '').split('=')
      return [name ?? '', value] as const
    }),
  )
}

/** A keep-alive HTTP client for load: node:http costs less CPU than fetch, and the client shares the cores. */
export interface LoadResult {
  status: number
  message: string | undefined
  ms: number
}

export function createLoadClient(connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections })
  return {
    async send(method: string, url: string, token?: string, body?: unknown): Promise<LoadResult> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(method, url, token, body)
        } catch (error) {
          // A kept-alive connection the server closed just as this request went out: nothing was processed,
          // send it again (as browsers do). Any other failure is counted, not thrown.
          const reset = (error as NodeJS.ErrnoException).code === 'ECONNRESET'
          if (reset && attempt < 3) continue
          return {
            status: 0,
            message: (error as NodeJS.ErrnoException).code ?? String(error),
            ms: Number.NaN,
          }
        }
      }
    },
    close: () => agent.destroy(),
  }

  function once(method: string, url: string, token?: string, body?: unknown): Promise<LoadResult> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const started = performance.now()
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            const status = res.statusCode ?? 0
            let message: string | undefined
            if (status >= 400) {
              try {
                message = JSON.parse(Buffer.concat(chunks).toString('utf8')).message
              } catch {}
            }
            resolve({ status, message, ms: performance.now() - started })
          })
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(payload)
    })
  }
}

/** Runs `jobs` with at most `concurrency` in flight; resolves to the results in job order and the wall time. */
export async function runConcurrently<T>(
  jobs: (() => Promise<T>)[],
  concurrency: number,
): Promise<{ results: T[]; wallMs: number }> {
  const results: T[] = new Array(jobs.length)
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
      while (next < jobs.length) {
        const index = next++
        const job = jobs[index]
        if (job) results[index] = await job()
      }
    }),
  )
  return { results, wallMs: performance.now() - started }
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)
  return sortedMs[Math.max(0, index)] ?? Number.NaN
}

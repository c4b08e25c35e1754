import { type ChildProcess, spawn } from 'node:child_process'
import { openSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { packageRoot } from '../src/env.ts'

/*
 * The API as real processes (`node src/main.ts`, configured by environment only, as deployments run it) on
 * loopback ports: shared by the rush benchmark (bench/rush.ts) and the two-instance test
 * (test/two-instances.test.ts).
 */

/** Processes started here that have not exited: killed if this process exits first (a crash, a Ctrl-C). */
const running = new Set<ChildProcess>()
let exitGuard = false

function track(child: ChildProcess): void {
  running.add(child)
  child.once('exit', () => running.delete(child))
  if (exitGuard) return
  exitGuard = true
  process.once('exit', () => {
    for (const orphan of running) orphan.kill('SIGKILL')
  })
}

/** A free loopback port above the ones the project reserves for its own services (up to 32111). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    if (port > 32111) return port
  }
}

const clockTicksPerSecond = 100

/** CPU time (user + system) a process has used so far, in ms (Linux /proc); NaN once it is gone. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond
  } catch {
    return Number.NaN
  }
}

export interface ApiProcess {
  url: string
  child: ChildProcess
  /** CPU time (user + system) the process has used so far, in ms. */
  cpuMs(): number
  /** With `inspect`: records a CPU profile of this API process while `work` runs. */
  profile<T>(work: () => Promise<T>, file: string): Promise<T>
  /** With `log: 'memory'`: the structured log lines written so far (LOG_LEVEL decides how many). */
  logLines(): readonly string[]
  /** Graceful stop (SIGTERM, as the platform stops an instance); resolves to the exit code. Idempotent. */
  stop(): Promise<number | null>
}

export interface ApiProcessOptions {
  /** Where the process's structured log (stdout) goes; dropped by default. */
  log?: 'ignore' | 'memory' | { file: string }
  /** Opens the inspector on a free port so that profile() works. */
  inspect?: boolean
  /** NODE_OPTIONS of the API process only (the caller's are not inherited). */
  nodeOptions?: string
}

/**
 * Starts `node src/main.ts` with `env` on a free port and resolves once GET /health answers 200. A process
 * that exits or does not become healthy within 60 s fails the start, its stderr in the error, and is stopped.
 */
export async function startApiProcess(
  env: Record<string, string>,
  options: ApiProcessOptions = {},
): Promise<ApiProcess> {
  const port = await freePort()
  const log = options.log ?? 'ignore'
  const child = spawn(
    process.execPath,
    [...(options.inspect ? ['--inspect=127.0.0.1:0'] : []), 'src/main.ts'],
    {
      cwd: packageRoot,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_OPTIONS: options.nodeOptions ?? '',
      },
      stdio: [
        'ignore',
        typeof log === 'object' ? openSync(log.file, 'w') : log === 'memory' ? 'pipe' : 'ignore',
        'pipe',
      ],
    },
  )
  track(child)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-16_000)
  })
  const lines: string[] = []
  let partial = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n')
    partial = parts.pop() ?? ''
    lines.push(...parts.filter(Boolean))
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    return exited
  }
  const url = `http://127.0.0.1:${port}`
  const inspector = options.inspect
    ? new Promise<string>((resolve) => {
        child.stderr?.on('data', (chunk: Buffer) => {
          const match = /ws:\/\/[^\s]+/.exec(chunk.toString('utf8'))
          if (match) resolve(match[0])
        })
      })
    : undefined
  try {
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The API exited during start: ${stderr}${lines.join('\n')}`)
      }
      try {
        if ((await fetch(`${url}/health`)).ok) break
      } catch {}
      if (attempt > 600) throw new Error(`The API did not become healthy within 60 s: ${stderr}`)
      // Polls a condition (the API answering), not a guess at how long the start takes.
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return {
    url,
    child,
    cpuMs: () => processCpuMs(child.pid),
    logLines: () => lines,
    async profile<T>(work: () => Promise<T>, file: string): Promise<T> {
      if (!inspector) return work()
      const socket = new WebSocket(await inspector)
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
      let id = 0
      const pending = new Map<number, (result: unknown) => void>()
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown }
        if (message.id !== undefined) pending.get(message.id)?.(message.result)
      })
      const send = (method: string) =>
        new Promise<unknown>((resolve) => {
          pending.set(++id, resolve)
          socket.send(JSON.stringify({ id, method }))
        })
      await send('Profiler.enable')
      await send('Profiler.start')
      try {
        return await work()
      } finally {
        const result = (await send('Profiler.stop')) as { profile: unknown }
        writeFileSync(file, JSON.stringify(result.profile))
        socket.close()
      }
    },
    stop,
  }
}

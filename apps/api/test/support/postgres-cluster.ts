import { spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/*
 * A throw-away PostgreSQL 15 cluster for the integration tests and the benchmarks: initdb into a temporary
 * folder, postgres on a free port of 127.0.0.1 (and a Unix socket in the same folder), removed at the end.
 * PostgreSQL refuses to run as root, so under root (CI) both run as the `postgres` user that Debian's server
 * package creates.
 */

const defaultPostgresBinDir = '/usr/lib/postgresql/15/bin'

export interface PostgresCluster {
  /** Superuser URL of the `postgres` database; see databaseUrl() for others. */
  url: string
  /** The process the server runs under (its processes are descendants): benchmarks sum their CPU time. */
  pid: number | undefined
  databaseUrl(name: string): string
  createDatabase(name: string): Promise<string>
  stop(): Promise<void>
}

export interface PostgresClusterOptions {
  binDir?: string
  /**
   * false (tests): fsync and synchronous commit off, which is safe for a folder deleted afterwards and makes
   * the tests fast. true (benchmarks): PostgreSQL's durable defaults, as in production.
   */
  durable?: boolean
  maxConnections?: number
}

interface RunAs {
  uid: number
  gid: number
}

/** When root, the uid and gid of the postgres user; otherwise we run the binaries as ourselves. */
function runAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' })
  const uid = id('-u')
  const gid = id('-g')
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'PostgreSQL cannot run as root and there is no "postgres" user to run it as. Install the Debian server ' +
        'package, which creates it: apt-get install -y postgresql-15 (or run the tests as a non-root user).',
    )
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}

function checkBinaries(binDir: string): void {
  for (const binary of ['initdb', 'postgres']) {
    if (!existsSync(join(binDir, binary))) {
      throw new Error(
        `PostgreSQL 15 server binaries not found (${join(binDir, binary)}). The API's tests run on PostgreSQL ` +
          'as well as PGlite; install them with: apt-get install -y postgresql-15 ' +
          '(or set POSTGRES_BIN_DIR to a folder holding initdb and postgres of PostgreSQL 15).',
      )
    }
  }
}

/** Ports the project reserves for its own services: never bind them. */
function isReservedPort(port: number): boolean {
  return [5173, 5174, 8787, 9229, 12111].includes(port) || (port >= 15173 && port <= 32111)
}

async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer()
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    if (port !== 0 && !isReservedPort(port)) return port
  }
  throw new Error('No free port outside the reserved ranges')
}

function run(binary: string, args: string[], user: RunAs | undefined): void {
  const result = spawnSync(binary, args, {
    encoding: 'utf8',
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: { ...process.env, LC_ALL: 'C' },
  })
  if (result.status !== 0) {
    throw new Error(`${binary} failed (${result.status}): ${result.stderr || result.stdout || result.error}`)
  }
}

async function waitUntilReady(url: string, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + 30_000
  let lastError: unknown
  while (Date.now() < deadline) {
    const failure = exited()
    if (failure !== undefined) throw new Error(`postgres exited before accepting connections:\n${failure}`)
    const client = new pg.Client({ connectionString: url })
    client.on('error', () => {})
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      return
    } catch (error) {
      lastError = error
      await client.end().catch(() => {})
      // Polls a condition (the server accepting connections), not a guess at how long start-up takes.
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  throw new Error(`postgres did not accept connections within 30 s: ${String(lastError)}`)
}

export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const binDir = options.binDir ?? process.env.POSTGRES_BIN_DIR ?? defaultPostgresBinDir
  checkBinaries(binDir)
  const user = runAs()
  const folder = mkdtempSync(join(tmpdir(), 'furfes-pg-'))
  if (user) chownSync(folder, user.uid, user.gid)
  const dataDir = join(folder, 'data')
  try {
    run(
      join(binDir, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
      user,
    )
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
  const port = await freePort()
  const settings = [
    ['listen_addresses', '127.0.0.1'],
    ['port', String(port)],
    ['unix_socket_directories', folder],
    ['max_connections', String(options.maxConnections ?? 200)],
    ['shared_buffers', '128MB'],
    ...(options.durable
      ? []
      : [
          ['fsync', 'off'],
          ['synchronous_commit', 'off'],
          ['full_page_writes', 'off'],
        ]),
  ]
  const args = ['-D', dataDir, ...settings.flatMap(([name, value]) => ['-c', `${name}=${value}`])]
  // The shell stops postgres (fast shutdown) when our end of its stdin closes, which also happens when this
  // process dies without cleaning up: the cluster never outlives the run that started it.
  const script = 'postgres "$@" & pid=$!; read -r _; kill -INT "$pid"; wait "$pid"'
  const child = spawn('sh', ['-c', script, 'sh', ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, PATH: `${binDir}:${process.env.PATH ?? ''}`, LC_ALL: 'C' },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8_000)
  })
  let exitCode: number | null | undefined
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code
      resolve()
    })
  })
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const databaseUrl = (name: string) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`

  async function stop(): Promise<void> {
    if (exitCode === undefined) {
      child.stdin?.end()
      await exited
    }
    rmSync(folder, { recursive: true, force: true })
  }

  try {
    await waitUntilReady(url, () => (exitCode === undefined ? undefined : stderr))
  } catch (error) {
    await stop()
    throw error
  }

  return {
    url,
    pid: child.pid,
    databaseUrl,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`)
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`create database ${name}`)
      } finally {
        await client.end()
      }
      return databaseUrl(name)
    },
    stop,
  }
}

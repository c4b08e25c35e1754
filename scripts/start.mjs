// `npm start` (and `npm run dev` with --dev): install when needed, build, start all six services (ours and the mail catcher),
// print where they are, and stop every one of them on Ctrl-C.
//   --dev       hot reload: Vite dev servers and `node --watch`
//   --no-build  serve the existing production builds (used by the e2e tests after `npm test` built them)
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { childEnv, ensureInstalled, root, task } from './lib.mjs'
import { servicePorts, services, sharedEnv, startBanner } from './services.mjs'

const dev = process.argv.includes('--dev')
const build = !dev && !process.argv.includes('--no-build')

ensureInstalled()
const ports = servicePorts()
const env = sharedEnv(ports)

if (build) {
  console.log('Building…')
  const code = await task('build')
  if (code !== 0) process.exit(code)
}

const children = new Map()
let stopping = false

// Each service runs in its own process group, so one signal reaches it and anything it started
// (package-manager shims, Vite's workers) together.
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch (error) {
    if (error.code !== 'ESRCH') throw error
  }
}

function stopAll(exitCode) {
  if (stopping) return
  stopping = true
  for (const child of children.values()) signalGroup(child, 'SIGTERM')
  const force = setTimeout(() => {
    for (const child of children.values()) signalGroup(child, 'SIGKILL')
  }, 5000)
  force.unref()
  const finish = () => {
    if (children.size === 0) process.exit(exitCode)
  }
  for (const child of children.values()) child.once('exit', finish)
  finish()
}

// Safety net: however this script ends (even on a crash), no service outlives it.
process.on('exit', () => {
  for (const child of children.values()) signalGroup(child, 'SIGKILL')
})
process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))

function prefixLines(stream, name, target) {
  let buffered = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    buffered += chunk
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) target.write(`[${name}] ${line}\n`)
  })
}

for (const service of services({ dev, ports })) {
  const [command, ...args] = service.command
  // Tools come from the service's own node_modules/.bin (pnpm links them per package, not at the root).
  const executable = command === 'node' ? 'node' : join(root, service.cwd, 'node_modules', '.bin', command)
  const child = spawn(executable, args, {
    cwd: join(root, service.cwd),
    env: childEnv({ ...env, PORT: String(service.port), NODE_ENV: dev ? 'development' : 'production' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  children.set(service.name, child)
  prefixLines(child.stdout, service.name, process.stdout)
  prefixLines(child.stderr, service.name, process.stderr)
  child.on('error', (error) => {
    console.error(`${service.label} could not start: ${error.message}`)
    children.delete(service.name)
    stopAll(1)
  })
  child.on('exit', (code, signal) => {
    children.delete(service.name)
    if (!stopping) {
      console.error(
        `${service.label} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest.`,
      )
      stopAll(1)
    }
  })
}

async function waitUntilAnswering(service, deadline) {
  const url = `http://127.0.0.1:${service.port}${service.readyPath}`
  while (Date.now() < deadline) {
    if (stopping) return false
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) })
      return true
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  return false
}

const deadline = Date.now() + 90_000
const readiness = await Promise.all(
  services({ dev, ports }).map(async (service) => ({
    service,
    up: await waitUntilAnswering(service, deadline),
  })),
)
const down = readiness.filter((entry) => !entry.up)
if (stopping) {
  // A service already failed and the rest are being stopped; the exit handler reports it.
} else if (down.length > 0) {
  console.error(`Not answering after 90 s: ${down.map((entry) => entry.service.label).join(', ')}. Stopping.`)
  stopAll(1)
} else {
  console.log(startBanner({ dev, ports, running: readiness.map((entry) => entry.service) }))
}

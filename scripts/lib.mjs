// Shared by the root entry scripts. These run first under whatever Node started them (the system's
// Node 20 on a fresh machine), so they use only Node's standard library. Everything they start runs on
// the project's own Node 24 from node_modules/.bin.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = dirname(dirname(fileURLToPath(import.meta.url)))
export const bin = join(root, 'node_modules', '.bin')
// The real Node 24 binary. node_modules/.bin/node is a shell wrapper that does not exec, so a signal sent to
// it would not reach Node; putting the binary's own folder first on PATH avoids that wrapper altogether.
const nodeBinDir = join(root, 'node_modules', 'node', 'bin')
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1]

/** The environment every child gets: the project's Node 24 and tools first on PATH. */
export function childEnv(extra = {}) {
  return { ...process.env, PATH: `${nodeBinDir}:${bin}:${process.env.PATH ?? ''}`, ...extra }
}

function installIsCurrent() {
  const marker = join(root, 'node_modules', '.modules.yaml')
  if (!existsSync(marker) || !existsSync(join(nodeBinDir, 'node')) || !existsSync(join(bin, 'pnpm')))
    return false
  const installedAt = statSync(marker).mtimeMs
  const lock = join(root, 'pnpm-lock.yaml')
  return !existsSync(lock) || statSync(lock).mtimeMs <= installedAt
}

/** Installs the workspace with the pinned pnpm when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  if (installIsCurrent()) return
  console.log(`Installing dependencies with pnpm ${pnpmVersion} (first run)…`)
  const args = ['-y', `pnpm@${pnpmVersion}`, 'install']
  if (process.env.CI) args.push('--frozen-lockfile')
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    console.error('Installing dependencies failed; see the output above.')
    process.exit(result.status ?? 1)
  }
}

/** Runs a command to completion with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: childEnv(), ...options })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`)
      resolve(1)
    })
  })
}

/** Runs a root package script (`task:<name>`) through the project's pnpm. */
export function task(name, extraArgs = []) {
  return run(join(bin, 'pnpm'), ['run', '--silent', `task:${name}`, ...extraArgs])
}

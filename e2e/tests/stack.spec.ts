import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

const root = join(import.meta.dirname, '../..')
const ports = {
  API_PORT: 28787,
  PWA_PORT: 25173,
  RECEPTION_PORT: 25174,
  COGNITO_PORT: 29229,
  STRIPE_PORT: 32111,
  INBOX_PORT: 31080,
  PUSH_PORT: 28790,
}
/** The mail catcher's SMTP side: not HTTP, so checked apart from the others. */
const smtpPort = 31025

/** Processes whose environment carries the marker: everything the stack started, however deep. */
function processesWithMarker(marker: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) pids.push(Number(entry))
    } catch {
      // The process ended while we were looking, or is not ours to read: either way not a survivor.
    }
  }
  return pids
}

async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) })
    return true
  } catch {
    return false
  }
}

test('npm start brings up all seven services on configurable ports, and Ctrl-C stops every process', async () => {
  test.setTimeout(120_000)
  const marker = `FURFES_STACK_TEST=${randomUUID()}`
  const [markerName = '', markerValue = ''] = marker.split('=')
  const stack = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--no-build'], {
    cwd: root,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      SMTP_PORT: String(smtpPort),
      DATA_DIR: join(root, '.data/e2e-stack'),
      [markerName]: markerValue,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  stack.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => stack.on('exit', (code) => resolve(code)))

  await expect.poll(() => output, { timeout: 90_000 }).toContain('Press Ctrl-C to stop everything')
  for (const port of Object.values(ports)) {
    expect(output).toContain(`http://localhost:${port}`)
    expect(await answers(port), `port ${port} answers HTTP`).toBe(true)
  }
  expect(output).toContain('demo@example.com')
  expect(output).toContain('/_emulator/mailbox')
  // The mail catcher's inbox is listed and speaks SMTP on its own port.
  expect(output).toMatch(/Mail inbox\s+http:\/\/localhost:31080/)
  expect(output).toContain(`smtp://localhost:${smtpPort}`)
  expect(processesWithMarker(marker).length).toBeGreaterThan(5)

  stack.kill('SIGINT')
  expect(await exited).toBe(0)
  expect(processesWithMarker(marker)).toEqual([])
  for (const port of Object.values(ports)) expect(await answers(port), `port ${port} is closed`).toBe(false)
})

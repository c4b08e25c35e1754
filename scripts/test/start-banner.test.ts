import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { childEnv, root } from '../lib.mjs'
import { servicePorts, services, serviceUrl, startBanner } from '../services.mjs'

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
  return port
}

/*
 * The mail catcher exactly as `npm start` runs it (its command from services.mjs), on free ports: the link the
 * start banner prints for its inbox must open the inbox for any client, not only a browser.
 */
describe('the start banner', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'furfes-banner-'))
  let ports: ReturnType<typeof servicePorts>
  let maildev: ChildProcess | undefined

  beforeAll(async () => {
    ports = servicePorts({ SMTP_PORT: String(await freePort()), INBOX_PORT: String(await freePort()) })
    const mail = services({ dev: false, ports, dataDir }).find((service) => service.name === 'mail')
    if (!mail) throw new Error('services.mjs lists no mail catcher')
    const [executable = 'maildev', ...args] = mail.command
    // Its own process group, as `npm start` runs it: the bin shim starts node as a child of its own.
    const child = spawn(executable, args, {
      cwd: join(root, mail.cwd),
      env: childEnv(),
      stdio: 'pipe',
      detached: true,
    })
    maildev = child
    // maildev says where its web inbox runs once it listens, even with --silent.
    await new Promise<void>((resolve, reject) => {
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8')
        if (output.includes('running at')) resolve()
      })
      child.on('exit', (code) => reject(new Error(`maildev exited with ${code}: ${output}`)))
    })
  }, 30_000)

  afterAll(() => {
    if (maildev?.pid !== undefined && maildev.exitCode === null) process.kill(-maildev.pid, 'SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('links the mail inbox at an address that answers with the inbox page to any client', async () => {
    const mail = services({ dev: false, ports, dataDir }).find((service) => service.name === 'mail')
    if (!mail) throw new Error('services.mjs lists no mail catcher')
    const inbox = serviceUrl(mail)

    const banner = startBanner({ dev: false, ports }).split('\n')
    expect(
      banner
        .find((line) => line.trim().startsWith('Mail inbox'))
        ?.trim()
        .split(/\s+/)
        .at(-1),
    ).toBe(inbox)
    expect(banner.find((line) => line.trim().startsWith('Mail (SMTP)'))?.endsWith(inbox)).toBe(true)
    // Without a browser's Accept header, as a link checker or curl asks.
    const response = await fetch(inbox.replace('localhost', '127.0.0.1'), { headers: { accept: '*/*' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(await response.text()).toContain('<title>MailDev</title>')
  })

  it('prints a demo staff account for each staff role, with its role, as the emulator seeds them', () => {
    const pools = JSON.parse(readFileSync(join(root, 'apps/cognito-emulator/pools.json'), 'utf8')) as {
      pools: { name: string; groups?: { name: string }[] }[]
    }
    const roles = pools.pools.find((pool) => pool.name === 'admins')?.groups?.map((group) => group.name) ?? []
    expect(roles.length).toBeGreaterThan(0)
    const lines = startBanner({ dev: false, ports }).split('\n')
    for (const role of roles) {
      const line = lines.find(
        (text) => text.trim().startsWith('admins') && text.trimEnd().endsWith(`(${role})`),
      )
      expect(line, `a demo ${role} account`).toMatch(/admins +\S+@example\.com +password: \S+ {2}\(/)
    }
  })

  it('links every other service at its root', () => {
    const banner = startBanner({ dev: false, ports })
    for (const service of services({ dev: false, ports }).filter(({ name }) => name !== 'mail')) {
      expect(banner).toContain(`  ${service.label}`)
      expect(serviceUrl(service)).toBe(`http://localhost:${service.port}`)
    }
  })
})

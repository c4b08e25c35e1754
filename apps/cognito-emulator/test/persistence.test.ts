import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  ChangePasswordCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { JsonFile } from '../src/json-file.ts'
import { admins, members, type RunningEmulator, startEmulator } from './harness.ts'

const running: RunningEmulator[] = []
afterEach(async () => {
  for (const emulator of running.splice(0)) await emulator.close()
})

const folders: string[] = []
const folder = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), prefix))
  folders.push(path)
  return path
}
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true })
})

async function start(options: Parameters<typeof startEmulator>[0] = {}) {
  const emulator = await startEmulator({
    dataDir: folder('cognito-persist-'),
    ...options,
  })
  running.push(emulator)
  return emulator
}

/** Stops the emulator and starts another on the same data folder and public URL, as after a restart. */
async function restart(emulator: RunningEmulator) {
  await emulator.close()
  running.splice(running.indexOf(emulator), 1)
  return start({ dataDir: emulator.dataDir, baseUrl: emulator.baseUrl, clock: emulator.clock })
}

describe('persistence', () => {
  it('keeps groups and their members, and puts the demo admin back into its group', async () => {
    const before = await start()
    const [seeded] = admins.seedUsers ?? []
    const UserPoolId = admins.id
    const groupsOf = async (emulator: RunningEmulator, Username: string) => {
      const command = new AdminListGroupsForUserCommand({ UserPoolId, Username })
      const { Groups } = await emulator.adminClient.send(command)
      return Groups?.map((group) => group.GroupName)
    }
    await before.createUser('volunteer@example.com', 'staff-pass-1', admins)
    await before.adminClient.send(
      new AdminAddUserToGroupCommand({ UserPoolId, Username: 'volunteer@example.com', GroupName: 'door' }),
    )
    await before.adminClient.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: seeded?.email, GroupName: 'committee' }),
    )

    const sut = await restart(before)

    expect(await groupsOf(sut, seeded?.email ?? '')).toEqual(['committee'])
    expect(await groupsOf(sut, 'volunteer@example.com')).toEqual(['door'])
  })

  it('keeps users, sessions, keys and the mailbox across a restart', async () => {
    const before = await start()
    await before.createUser('persist@example.com', 'correct-horse-1')
    const tokens = await before.signIn('persist@example.com', 'correct-horse-1')
    const jwks = await (await fetch(`${before.url}/${members.id}/.well-known/jwks.json`)).json()
    const code = await before.latestCode('persist@example.com')

    const sut = await restart(before)

    expect(await (await fetch(`${sut.url}/${members.id}/.well-known/jwks.json`)).json()).toEqual(jwks)
    expect(await sut.latestCode('persist@example.com')).toBe(code)
    await expect(
      sut.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken })),
    ).resolves.toMatchObject({
      UserAttributes: expect.arrayContaining([{ Name: 'email', Value: 'persist@example.com' }]),
    })
    await expect(sut.refresh(tokens.RefreshToken)).resolves.toMatchObject({
      AuthenticationResult: { TokenType: 'Bearer' },
    })
    await expect(sut.signIn('persist@example.com', 'correct-horse-1')).resolves.toBeDefined()
  })

  it('keeps a revocation across a restart', async () => {
    const before = await start()
    await before.createUser('revoked@example.com', 'correct-horse-1')
    const { AccessToken } = await before.signIn('revoked@example.com', 'correct-horse-1')
    await before.globalSignOut(AccessToken)

    const sut = await restart(before)

    await expect(sut.client.send(new GetUserCommand({ AccessToken }))).rejects.toMatchObject({
      message: 'Access Token has been revoked',
    })
  })

  it('keeps the seeded accounts as they were changed rather than seeding them again', async () => {
    const before = await start()
    const [demo] = members.seedUsers ?? []
    const { AccessToken } = await before.signIn(demo?.email ?? '', demo?.password ?? '')
    await before.client.send(
      new ChangePasswordCommand({
        AccessToken,
        PreviousPassword: demo?.password,
        ProposedPassword: 'changed-pass-1',
      }),
    )

    const sut = await restart(before)

    await expect(sut.signIn(demo?.email ?? '', 'changed-pass-1')).resolves.toBeDefined()
  })

  it('stores passwords only as salted scrypt hashes, and the files only for their owner', async () => {
    const sut = await start()
    await sut.createUser('secret@example.com', 'correct-horse-1')
    await sut.createUser('twin@example.com', 'correct-horse-1')

    const text = readFileSync(join(sut.dataDir, 'cognito', 'state.json'), 'utf8')

    expect(text).not.toContain('correct-horse-1')
    const hashes = [...text.matchAll(/"passwordHash": "(scrypt\$[^"]+)"/g)].map((match) => match[1])
    expect(hashes.length).toBeGreaterThanOrEqual(2)
    expect(new Set(hashes).size).toBe(hashes.length)
  })
})

describe('crash safety', () => {
  it('leaves a readable state when the process is killed in the middle of writing', async () => {
    const dataDir = folder('cognito-crash-')
    const file = join(dataDir, 'state.json')
    const moduleUrl = new URL('../src/json-file.ts', import.meta.url).href
    // A writer that replaces a large document as fast as it can, and says when it has written a few times.
    const script = `
      import { JsonFile } from ${JSON.stringify(moduleUrl)}
      const file = new JsonFile(${JSON.stringify(file)})
      const filler = 'x'.repeat(200_000)
      for (let round = 1; ; round++) {
        file.write({ round, filler })
        if (round === 3) process.stdout.write('writing\\n')
      }
    `
    const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))

    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited

    const stored = new JsonFile<{ round: number; filler: string }>(file).read()
    expect(stored?.round).toBeGreaterThanOrEqual(3)
    expect(stored?.filler).toHaveLength(200_000)
    expect(readdirSync(dataDir)).toEqual(['state.json'])
  })

  it('ignores a half-written temporary file a crash left behind and starts with the last saved state', async () => {
    const before = await start()
    await before.createUser('survivor@example.com', 'correct-horse-1')
    await before.close()
    running.splice(0)
    const folder = join(before.dataDir, 'cognito')
    writeFileSync(join(folder, 'state.json.5e1f.tmp'), '{"version": 1, "users": {"tru')

    const sut = await start({ dataDir: before.dataDir, baseUrl: before.baseUrl })

    await expect(sut.signIn('survivor@example.com', 'correct-horse-1')).resolves.toBeDefined()
    expect(existsSync(join(folder, 'state.json.5e1f.tmp'))).toBe(false)
  })
})

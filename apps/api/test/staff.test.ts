import { randomUUID } from 'node:crypto'
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import {
  adminKey,
  admins,
  type RunningEmulator,
  startEmulator,
} from '@furfes/cognito-emulator/test/harness.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCognitoStaffDirectory } from '../src/auth/staff-directory.ts'
import { databaseKinds, type TestApi, useTestApi } from './support/harness.ts'

/*
 * Staff management (docs/decisions/157-staff-audit-trail.md): the API changes the Cognito emulator's admins pool
 * as it changes Cognito's, and each change leaves one entry in the audit trail. The callers' tokens are the
 * harness's; the accounts they manage are the emulator's.
 */

const [seededAdmin] = admins.seedUsers ?? []
if (!seededAdmin) throw new Error("The emulator's admins pool seeds no admin")

let cognito: RunningEmulator
/** The seeded committee member's username (sub) in the emulator. */
let committeeSub: string

beforeAll(async () => {
  cognito = await startEmulator()
  const found = await cognito.adminClient.send(
    new AdminGetUserCommand({ UserPoolId: admins.id, Username: seededAdmin.email }),
  )
  if (!found.Username) throw new Error('The seeded admin has no username')
  committeeSub = found.Username
})

afterAll(async () => {
  await cognito.close()
})

const groupsOf = async (user: string) =>
  (
    await cognito.adminClient.send(
      new AdminListGroupsForUserCommand({ UserPoolId: admins.id, Username: user }),
    )
  ).Groups?.map((group) => group.GroupName)

async function auditRows(sut: TestApi, token: string) {
  const page = await sut.request('GET', '/admin/audit', { token })
  expect(page.status).toBe(200)
  return (page.body as { items: Array<Record<string, unknown>> }).items
}

describe.each(databaseKinds)('staff management on %s', (kind) => {
  const sut = useTestApi(kind, () => ({
    overrides: {
      staffAccounts: createCognitoStaffDirectory({
        endpoint: cognito.url,
        region: 'ap-northeast-1',
        userPoolId: admins.id,
        credentials: adminKey,
      }),
    },
  }))
  const committee = () => sut.adminToken(committeeSub, ['committee'])

  async function invite(role: string) {
    const email = `staff-${randomUUID()}@example.com`
    const token = await committee()
    const answer = await sut.request('POST', '/admin/staff', { token, body: { email, role } })
    return { email, token, answer, user: (answer.body as { user: string }).user }
  }

  it('invites by e-mail: Cognito mails the temporary password and the account is in its role', async () => {
    const { email, token, answer, user } = await invite('desk')

    expect(answer).toMatchObject({
      status: 201,
      body: { email, roles: ['desk'], enabled: true, status: 'FORCE_CHANGE_PASSWORD' },
    })
    const temporaryPassword = await cognito.latestCode(email)
    const signIn = await cognito.client.send(
      new InitiateAuthCommand({
        ClientId: admins.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
      }),
    )
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED')
    expect(await groupsOf(user)).toEqual(['desk'])

    const list = await sut.request('GET', '/admin/staff', { token })
    expect(list.status).toBe(200)
    expect((list.body as { items: unknown[] }).items).toContainEqual({
      user,
      email,
      roles: ['desk'],
      enabled: true,
      status: 'FORCE_CHANGE_PASSWORD',
    })
    expect(await auditRows(sut, token)).toEqual([
      expect.objectContaining({
        action: 'staffInvited',
        actor_id: committeeSub,
        // The address Cognito's GetUser gave for the caller's token (the harness's fake answers this one).
        actor_email: `${committeeSub.slice(0, 8)}@example.com`,
        subject: email,
        details: { user, role: 'desk' },
      }),
    ])
  })

  it('lists an account in no role too, so the committee can give it one', async () => {
    const { user, token } = await invite('door')
    await cognito.adminClient.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: admins.id, Username: user, GroupName: 'door' }),
    )
    const list = await sut.request('GET', '/admin/staff', { token })
    expect((list.body as { items: Array<{ user: string }> }).items).toContainEqual(
      expect.objectContaining({ user, roles: [] }),
    )
    expect(
      await sut.request('PUT', `/admin/staff/${user}/role`, { token, body: { role: 'desk' } }),
    ).toMatchObject({ status: 200, body: { roles: ['desk'] } })
  })

  it('refuses to invite an address that has an account (409 staffExists), recording nothing', async () => {
    const { email, token } = await invite('door')
    const again = await sut.request('POST', '/admin/staff', { token, body: { email, role: 'desk' } })
    expect(again).toMatchObject({ status: 409, body: { message: 'staffExists' } })
    expect(await auditRows(sut, token)).toHaveLength(1)
  })

  it('refuses an invitation without a valid address or role, with the failing fields', async () => {
    const token = await committee()
    const answer = await sut.request('POST', '/admin/staff', {
      token,
      body: { email: 'not-an-address', role: 'boss' },
    })
    expect(answer).toMatchObject({ status: 400, body: { message: 'invalidRequest' } })
    expect((answer.body as { issues: Array<{ path: string[] }> }).issues.map((issue) => issue.path)).toEqual([
      ['email'],
      ['role'],
    ])
  })

  it('sets exactly one role and records before and after', async () => {
    const { user, token } = await invite('door')
    const changed = await sut.request('PUT', `/admin/staff/${user}/role`, { token, body: { role: 'desk' } })

    expect(changed).toMatchObject({ status: 200, body: { user, roles: ['desk'] } })
    expect(await groupsOf(user)).toEqual(['desk'])
    expect((await auditRows(sut, token))[0]).toMatchObject({
      action: 'staffRoleChanged',
      details: { user, before: ['door'], after: ['desk'] },
    })
  })

  it('disables and enables an account, each change recorded once', async () => {
    const { user, email, token } = await invite('door')
    expect(await sut.request('POST', `/admin/staff/${user}/disable`, { token })).toMatchObject({
      status: 200,
      body: { user, enabled: false },
    })
    const found = await cognito.adminClient.send(
      new AdminGetUserCommand({ UserPoolId: admins.id, Username: user }),
    )
    expect(found.Enabled).toBe(false)
    expect(await sut.request('POST', `/admin/staff/${user}/enable`, { token })).toMatchObject({
      status: 200,
      body: { user, enabled: true },
    })
    expect((await auditRows(sut, token)).map((row) => [row.action, row.subject])).toEqual([
      ['staffEnabled', email],
      ['staffDisabled', email],
      ['staffInvited', email],
    ])
  })

  it('refuses a committee member their own demotion and disabling (409 staffSelfChange), changing nothing', async () => {
    const token = await committee()
    for (const role of ['desk', 'door']) {
      expect(
        await sut.request('PUT', `/admin/staff/${committeeSub}/role`, { token, body: { role } }),
      ).toMatchObject({ status: 409, body: { message: 'staffSelfChange' } })
    }
    expect(await sut.request('POST', `/admin/staff/${committeeSub}/disable`, { token })).toMatchObject({
      status: 409,
      body: { message: 'staffSelfChange' },
    })
    expect(await groupsOf(committeeSub)).toEqual(['committee'])
    expect(await auditRows(sut, token)).toEqual([])
  })

  it('answers 404 for an account the pool does not have', async () => {
    const token = await committee()
    expect(
      await sut.request('PUT', `/admin/staff/${randomUUID()}/role`, { token, body: { role: 'desk' } }),
    ).toMatchObject({ status: 404, body: { message: 'notFound' } })
  })

  it('refuses the desk and the door (403 forbidden)', async () => {
    for (const role of ['desk', 'door']) {
      const token = await sut.adminToken(randomUUID(), [role])
      expect(await sut.request('GET', '/admin/staff', { token })).toMatchObject({
        status: 403,
        body: { message: 'forbidden' },
      })
      expect(
        await sut.request('POST', '/admin/staff', {
          token,
          body: { email: `x-${randomUUID()}@example.com`, role: 'committee' },
        }),
      ).toMatchObject({ status: 403, body: { message: 'forbidden' } })
      expect(await sut.request('GET', '/admin/audit', { token })).toMatchObject({ status: 403 })
    }
  })
})

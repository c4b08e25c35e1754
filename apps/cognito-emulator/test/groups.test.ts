import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  CreateGroupCommand,
  GetGroupCommand,
  GetUserCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { admins, members, minute, useEmulator } from './harness.ts'

const sut = useEmulator()
const UserPoolId = admins.id
const [seededAdmin] = admins.seedUsers ?? []
/** The demo staff accounts pools.json puts in a group, in the order they are seeded. */
const seededIn = (group: string) =>
  (admins.seedUsers ?? []).filter((user) => user.groups?.includes(group)).map((user) => user.email)

const createGroup = (GroupName: string, Precedence?: number, Description?: string) =>
  sut.adminClient.send(new CreateGroupCommand({ UserPoolId, GroupName, Precedence, Description }))
const addToGroup = (Username: string, GroupName: string) =>
  sut.adminClient.send(new AdminAddUserToGroupCommand({ UserPoolId, Username, GroupName }))
const removeFromGroup = (Username: string, GroupName: string) =>
  sut.adminClient.send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username, GroupName }))
const groupsOf = async (Username: string) => {
  const { Groups } = await sut.adminClient.send(new AdminListGroupsForUserCommand({ UserPoolId, Username }))
  return Groups?.map((group) => group.GroupName)
}
const staffMember = (email: string) => sut.createUser(email, 'staff-pass-1', admins)
const claimsOf = (token: string | undefined) => decodeJwt(token ?? '')

describe('groups of the admins pool', () => {
  it('defines the staff roles from pools.json, and the demo admin is a committee member', async () => {
    const { Groups } = await sut.adminClient.send(new ListGroupsCommand({ UserPoolId }))

    expect(Groups?.map(({ GroupName, Precedence }) => ({ GroupName, Precedence }))).toEqual([
      { GroupName: 'committee', Precedence: 1 },
      { GroupName: 'desk', Precedence: 2 },
      { GroupName: 'door', Precedence: 3 },
    ])
    expect(await groupsOf(seededAdmin?.email ?? '')).toEqual(['committee'])
  })
})

describe('CreateGroup and GetGroup', () => {
  it('creates a group with its description and precedence, dated by the clock', async () => {
    const { Group } = await createGroup('goods', 7, 'Goods counter')

    const created = {
      GroupName: 'goods',
      UserPoolId,
      Description: 'Goods counter',
      Precedence: 7,
      CreationDate: new Date(sut.clock.now()),
      LastModifiedDate: new Date(sut.clock.now()),
    }
    expect(Group).toEqual(created)
    await expect(
      sut.adminClient.send(new GetGroupCommand({ UserPoolId, GroupName: 'goods' })),
    ).resolves.toMatchObject({ Group: created })
  })

  it('refuses a name already taken, an unknown group, a negative precedence and an unknown pool', async () => {
    await expect(createGroup('door')).rejects.toMatchObject({
      name: 'GroupExistsException',
      message: 'A group with the name door already exists.',
    })
    await expect(
      sut.adminClient.send(new GetGroupCommand({ UserPoolId, GroupName: 'nobody' })),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException', message: 'Group not found.' })
    await expect(createGroup('negative', -1)).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message:
        "1 validation error detected: Value '-1' at 'precedence' failed to satisfy constraint: Member must have value greater than or equal to 0",
    })
    await expect(
      sut.adminClient.send(new CreateGroupCommand({ UserPoolId: 'ap-northeast-1_Nope0', GroupName: 'x' })),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool ap-northeast-1_Nope0 does not exist.',
    })
  })

  it('needs a SigV4-signed request, as every admin operation does', async () => {
    for (const operation of ['CreateGroup', 'AdminAddUserToGroup', 'ListUsersInGroup', 'AdminDisableUser']) {
      const unsigned = await fetch(sut.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify({ UserPoolId, GroupName: 'door', Username: seededAdmin?.email }),
      })

      expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' })
    }
    expect(await groupsOf(seededAdmin?.email ?? '')).toEqual(['committee'])
  })
})

describe('membership', () => {
  it('adds and removes members, twice without error, and lists both ways', async () => {
    await staffMember('desk-2@example.com')
    await staffMember('door-2@example.com')
    await addToGroup('desk-2@example.com', 'desk')
    await addToGroup('DESK-2@example.com', 'desk')
    await addToGroup('desk-2@example.com', 'door')
    await addToGroup('door-2@example.com', 'door')

    // Lowest precedence first, as tokens list them.
    expect(await groupsOf('desk-2@example.com')).toEqual(['desk', 'door'])
    const { Users } = await sut.adminClient.send(
      new ListUsersInGroupCommand({ UserPoolId, GroupName: 'door' }),
    )
    expect(Users?.map((user) => user.Attributes?.find(({ Name }) => Name === 'email')?.Value)).toEqual([
      ...seededIn('door'),
      'desk-2@example.com',
      'door-2@example.com',
    ])
    expect(Users?.at(-1)).toMatchObject({ Enabled: true, UserStatus: 'CONFIRMED' })

    await removeFromGroup('desk-2@example.com', 'door')
    await removeFromGroup('desk-2@example.com', 'door')
    expect(await groupsOf('desk-2@example.com')).toEqual(['desk'])
  })

  it('answers an unknown user or group plainly, even though the pool hides users from the app client', async () => {
    await staffMember('known@example.com')

    await expect(addToGroup('ghost@example.com', 'door')).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    })
    await expect(addToGroup('known@example.com', 'nobody')).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Group not found.',
    })
    await expect(groupsOf('ghost@example.com')).rejects.toMatchObject({ name: 'UserNotFoundException' })
    await expect(
      sut.adminClient.send(new ListUsersInGroupCommand({ UserPoolId, GroupName: 'nobody' })),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' })
  })

  it('pages long lists with Limit and NextToken, and refuses a token of another list', async () => {
    // A group of its own, so the demo accounts pools.json seeds into the roles do not count.
    await createGroup('cloakroom')
    for (const index of [1, 2, 3]) await staffMember(`cloakroom-${index}@example.com`)
    for (const index of [1, 2, 3]) await addToGroup(`cloakroom-${index}@example.com`, 'cloakroom')
    const listMembers = (NextToken?: string) =>
      sut.adminClient.send(
        new ListUsersInGroupCommand({ UserPoolId, GroupName: 'cloakroom', Limit: 2, NextToken }),
      )

    const first = await listMembers()
    const second = await listMembers(first.NextToken)

    expect(first.Users).toHaveLength(2)
    expect(second.Users).toHaveLength(1)
    expect(second.NextToken).toBeUndefined()
    await expect(
      sut.adminClient.send(
        new ListUsersInGroupCommand({ UserPoolId, GroupName: 'desk', NextToken: first.NextToken }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException', message: 'Invalid pagination token.' })
    await expect(
      sut.adminClient.send(new ListGroupsCommand({ UserPoolId, Limit: 61 })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' })
  })
})

describe('cognito:groups in tokens', () => {
  it('is absent for a user in no group, and in both tokens from the next sign-in or refresh after a change', async () => {
    await staffMember('changing@example.com')
    const before = await sut.signIn('changing@example.com', 'staff-pass-1', admins)
    expect(claimsOf(before.AccessToken)).not.toHaveProperty('cognito:groups')
    expect(claimsOf(before.IdToken)).not.toHaveProperty('cognito:groups')

    await addToGroup('changing@example.com', 'door')
    await addToGroup('changing@example.com', 'committee')
    const refreshed = await sut.refresh(before.RefreshToken, admins)

    expect(claimsOf(refreshed.AuthenticationResult?.AccessToken)['cognito:groups']).toEqual([
      'committee',
      'door',
    ])
    expect(claimsOf(refreshed.AuthenticationResult?.IdToken)['cognito:groups']).toEqual(['committee', 'door'])

    await removeFromGroup('changing@example.com', 'committee')
    const after = await sut.signIn('changing@example.com', 'staff-pass-1', admins)
    expect(claimsOf(after.AccessToken)['cognito:groups']).toEqual(['door'])
  })

  it('is per pool: a members-pool user carries no staff group', async () => {
    await sut.createUser('member@example.com', 'member-pass-1', members)

    const signedIn = await sut.signIn('member@example.com', 'member-pass-1', members)

    expect(claimsOf(signedIn.AccessToken)).not.toHaveProperty('cognito:groups')
  })
})

describe('AdminDisableUser, AdminEnableUser and AdminGetUser', () => {
  it('a disabled user cannot sign in or refresh and its tokens are revoked; enabled again, it signs in', async () => {
    await staffMember('leaving@example.com')
    const signedIn = await sut.signIn('leaving@example.com', 'staff-pass-1', admins)

    await sut.adminClient.send(new AdminDisableUserCommand({ UserPoolId, Username: 'leaving@example.com' }))

    const disabled = { name: 'NotAuthorizedException', message: 'User is disabled.' }
    await expect(sut.signIn('leaving@example.com', 'staff-pass-1', admins)).rejects.toMatchObject(disabled)
    await expect(sut.refresh(signedIn.RefreshToken, admins)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    })
    await expect(
      sut.client.send(new GetUserCommand({ AccessToken: signedIn.AccessToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' })
    // A wrong password says nothing about the account's state.
    await expect(sut.signIn('leaving@example.com', 'wrong-pass-1', admins)).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    })
    await expect(
      sut.adminClient.send(new AdminGetUserCommand({ UserPoolId, Username: 'leaving@example.com' })),
    ).resolves.toMatchObject({ Enabled: false, UserStatus: 'CONFIRMED' })

    sut.clock.advance(minute)
    await sut.adminClient.send(new AdminEnableUserCommand({ UserPoolId, Username: 'leaving@example.com' }))

    await expect(sut.signIn('leaving@example.com', 'staff-pass-1', admins)).resolves.toMatchObject({
      AccessToken: expect.any(String),
    })
    const user = await sut.adminClient.send(
      new AdminGetUserCommand({ UserPoolId, Username: 'leaving@example.com' }),
    )
    expect(user).toMatchObject({ Enabled: true, UserLastModifiedDate: new Date(sut.clock.now()) })
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: 'leaving@example.com' })
  })

  it('an invited staff member (AdminCreateUser) can be put into a group before the first sign-in', async () => {
    await sut.adminClient.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: 'invited@example.com',
        TemporaryPassword: 'temporary-1',
      }),
    )

    await addToGroup('invited@example.com', 'desk')

    expect(await groupsOf('invited@example.com')).toEqual(['desk'])
    await expect(
      sut.adminClient.send(new AdminGetUserCommand({ UserPoolId, Username: 'invited@example.com' })),
    ).resolves.toMatchObject({ UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true })
  })
})

describe('ListUsers', () => {
  it('lists every user of the pool, in a role or not, in pages with PaginationToken', async () => {
    await staffMember('no-role@example.com')
    const listUsers = (PaginationToken?: string) =>
      sut.adminClient.send(new ListUsersCommand({ UserPoolId, Limit: 2, PaginationToken }))
    const emails: (string | undefined)[] = []
    let token: string | undefined
    do {
      const answer = await listUsers(token)
      expect(answer.Users?.length).toBeLessThanOrEqual(2)
      for (const user of answer.Users ?? []) {
        emails.push(user.Attributes?.find(({ Name }) => Name === 'email')?.Value)
      }
      token = answer.PaginationToken
    } while (token)
    expect(emails).toEqual([...(admins.seedUsers ?? []).map((user) => user.email), 'no-role@example.com'])

    const onlyEmail = await sut.adminClient.send(
      new ListUsersCommand({ UserPoolId, AttributesToGet: ['email'], Limit: 1 }),
    )
    expect(onlyEmail.Users?.[0]?.Attributes).toEqual([{ Name: 'email', Value: seededAdmin?.email }])
    await expect(
      sut.adminClient.send(new ListUsersCommand({ UserPoolId, Filter: 'email = "x@example.com"' })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' })
  })
})

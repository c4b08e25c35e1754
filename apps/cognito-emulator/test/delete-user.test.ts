import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  GetUserCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { describe, expect, it } from 'vitest'
import { admins, members, useEmulator } from './harness.ts'

const sut = useEmulator()

const deleteUser = (Username: string, UserPoolId = members.id) =>
  sut.adminClient.send(new AdminDeleteUserCommand({ UserPoolId, Username }))

describe('AdminDeleteUser', () => {
  it('removes the member: no sign-in, no refresh, its tokens refused, the address free for a new account', async () => {
    await sut.createUser('leaving@example.com', 'member-pass-1')
    const signedIn = await sut.signIn('leaving@example.com', 'member-pass-1')
    const before = await sut.adminClient.send(
      new AdminGetUserCommand({ UserPoolId: members.id, Username: 'leaving@example.com' }),
    )

    await expect(deleteUser('leaving@example.com')).resolves.toMatchObject({})

    await expect(
      sut.adminClient.send(
        new AdminGetUserCommand({ UserPoolId: members.id, Username: 'leaving@example.com' }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' })
    await expect(sut.signIn('leaving@example.com', 'member-pass-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    })
    await expect(sut.refresh(signedIn.RefreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' })
    await expect(
      sut.client.send(new GetUserCommand({ AccessToken: signedIn.AccessToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' })

    await sut.createUser('leaving@example.com', 'member-pass-2')
    const again = await sut.adminClient.send(
      new AdminGetUserCommand({ UserPoolId: members.id, Username: 'leaving@example.com' }),
    )
    expect(again.Username).not.toBe(before.Username)
  })

  it('finds the user by its sub too, and a second delete answers UserNotFoundException', async () => {
    await sut.createUser('twice@example.com', 'member-pass-1')
    const { Username } = await sut.adminClient.send(
      new AdminGetUserCommand({ UserPoolId: members.id, Username: 'twice@example.com' }),
    )

    await deleteUser(Username ?? '')

    await expect(deleteUser(Username ?? '')).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    })
  })

  it('takes the deleted user out of its groups', async () => {
    await sut.adminClient.send(
      new AdminCreateUserCommand({
        UserPoolId: admins.id,
        Username: 'leaving-door@example.com',
        TemporaryPassword: 'temporary-1',
      }),
    )
    await sut.adminClient.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: admins.id,
        Username: 'leaving-door@example.com',
        GroupName: 'door',
      }),
    )

    await deleteUser('leaving-door@example.com', admins.id)

    const { Users } = await sut.adminClient.send(
      new ListUsersInGroupCommand({ UserPoolId: admins.id, GroupName: 'door' }),
    )
    expect(Users?.map((user) => user.Attributes?.find((a) => a.Name === 'email')?.Value)).not.toContain(
      'leaving-door@example.com',
    )
  })

  it('needs a SigV4-signed request, as every admin operation does', async () => {
    await sut.createUser('kept@example.com', 'member-pass-1')
    const unsigned = await fetch(sut.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDeleteUser',
      },
      body: JSON.stringify({ UserPoolId: members.id, Username: 'kept@example.com' }),
    })

    expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' })
    await expect(sut.signIn('kept@example.com', 'member-pass-1')).resolves.toMatchObject({
      AccessToken: expect.any(String),
    })
  })
})

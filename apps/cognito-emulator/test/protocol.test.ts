import {
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { describe, expect, it } from 'vitest'
import { admins, members, sdkClient, useEmulator } from './harness.ts'

const sut = useEmulator()

describe('the JSON 1.1 protocol as the SDK sees it', () => {
  it('refuses an unimplemented operation with a 400 the SDK does not retry, with its default retries', async () => {
    const client = sdkClient(sut.url, { signed: true, maxAttempts: 3 })

    const error = await client.send(new DescribeUserPoolCommand({ UserPoolId: members.id })).catch((e) => e)
    client.destroy()

    expect(error).toMatchObject({
      name: 'UnsupportedOperationException',
      message: 'The emulator does not implement DescribeUserPool',
      $fault: 'client',
      $metadata: { httpStatusCode: 400, attempts: 1, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    })
  })

  it('refuses unimplemented operations with or without credentials', async () => {
    await expect(
      sut.adminClient.send(new DescribeUserPoolCommand({ UserPoolId: admins.id })),
    ).rejects.toMatchObject({
      name: 'UnsupportedOperationException',
      $metadata: { httpStatusCode: 400 },
    })
    await expect(sut.client.send(new ListDevicesCommand({ AccessToken: 'a.b.c' }))).rejects.toMatchObject({
      name: 'UnsupportedOperationException',
      message: 'The emulator does not implement ListDevices',
    })
  })

  it('answers expected failures with 400 and the request id, never 500', async () => {
    const failures = [
      sut.client.send(
        new SignUpCommand({ ClientId: members.clientId, Username: 'x@example.com', Password: 'x' }),
      ),
      sut.client.send(
        new InitiateAuthCommand({
          ClientId: members.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'whatever-1' },
        }),
      ),
    ]

    for (const failure of failures) {
      await expect(failure).rejects.toMatchObject({ $metadata: { httpStatusCode: 400, attempts: 1 } })
    }
  })

  it('treats names of Object.prototype members as ordinary unknown names', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      await expect(
        sut.client.send(
          new InitiateAuthCommand({
            ClientId: members.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: name, PASSWORD: 'whatever-1' },
          }),
        ),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' })
      const response = await fetch(sut.url, {
        method: 'POST',
        headers: { 'x-amz-target': `AWSCognitoIdentityProviderService.${name}` },
        body: '{}',
      })
      expect(await response.json()).toMatchObject({ __type: 'UnsupportedOperationException' })
    }
  })
})

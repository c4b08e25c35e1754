// Sign-up → code from the dev mailbox → confirm → sign in → GetUser, against a running Cognito emulator.
//
//   npm start                                # or: node apps/cognito-emulator/src/main.ts
//   node docs/examples/cognito-sign-up.mjs   # COGNITO_ENDPOINT=http://localhost:9229 by default
//
// It speaks Cognito's JSON 1.1 protocol with fetch, exactly what @aws-sdk/client-cognito-identity-provider
// sends (POST / with X-Amz-Target), so it runs on plain Node 24 with no install. The apps use the SDK.

const endpoint = process.env.COGNITO_ENDPOINT ?? 'http://localhost:9229'

/** One Cognito operation; a failure throws with Cognito's error type, e.g. "NotAuthorizedException". */
async function cognito(operation, input) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(input),
  })
  const body = await response.json()
  if (!response.ok) throw new Error(`${operation}: ${body.__type}: ${body.message}`)
  return body
}

// The emulator lists its pools; production would take the client id from configuration instead.
const { pools } = await (await fetch(`${endpoint}/_emulator/config`)).json()
const members = pools.find((pool) => pool.name === 'members')
const email = `example-${Date.now()}@example.com`
const password = 'example-pass-2025'

const signUp = await cognito('SignUp', { ClientId: members.clientId, Username: email, Password: password })
console.log(
  `Signed up ${email} (sub ${signUp.UserSub}); code sent to ${signUp.CodeDeliveryDetails.Destination}`,
)

// The code Cognito would e-mail is in the dev mailbox (also at ${endpoint}/_emulator/mailbox).
const { messages } = await (
  await fetch(`${endpoint}/_emulator/mailbox?email=${encodeURIComponent(email)}`)
).json()
const code = messages[0].code
console.log(`Code from the mailbox: ${code}`)

await cognito('ConfirmSignUp', {
  ClientId: members.clientId,
  Username: email,
  ConfirmationCode: code,
  ForceAliasCreation: false,
})
console.log('Confirmed')

const { AuthenticationResult: tokens } = await cognito('InitiateAuth', {
  ClientId: members.clientId,
  AuthFlow: 'USER_PASSWORD_AUTH',
  AuthParameters: { USERNAME: email, PASSWORD: password },
})
console.log(`Signed in: ${tokens.TokenType} token, expires in ${tokens.ExpiresIn} s`)

const user = await cognito('GetUser', { AccessToken: tokens.AccessToken })
console.log('GetUser:', Object.fromEntries(user.UserAttributes.map(({ Name, Value }) => [Name, Value])))

import type { CognitoAuthClient } from './cognito-auth-client.ts'

/** What a session's sign-in, refresh and sign-out call on the client: the part each test fakes itself. */
type SignInCalls = Pick<
  CognitoAuthClient,
  'clientId' | 'signIn' | 'respondToNewPasswordChallenge' | 'refreshAccessToken' | 'signOut' | 'revokeToken'
>

/**
 * A test fake of the auth client wrapper for sessions: `calls` answers sign-in, refresh and sign-out (and may
 * carry what the test reads back, such as the calls it saw), while every account call (sign-up, password
 * change or reset, user attributes) rejects with `unusedReason`, so a session that strays there fails loudly.
 * Test code only: it is reached through `@furfes/core/testing`, never the package's main entry.
 */
export function fakeSignInClient<Calls extends SignInCalls>(
  calls: Calls,
  unusedReason: string,
): CognitoAuthClient & Calls {
  const unused = () => Promise.reject(new Error(unusedReason))
  return {
    ...calls,
    signUp: unused,
    resendConfirmationCode: unused,
    confirmSignUp: unused,
    changePassword: unused,
    forgotPassword: unused,
    confirmForgotPassword: unused,
    getUser: unused,
    updateUserAttributes: unused,
    verifyUserAttribute: unused,
  }
}

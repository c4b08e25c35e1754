import { fromPromise } from 'xstate'
import type { AuthSession } from '../auth/auth-session.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import type { MemberSignedIn } from './auth-machine.ts'

/*
 * Ready-made implementations of the machines' auth actors over an auth session, for apps to pass to
 * `machine.provide({ actors })`. The session is handed in, so the machines themselves still import no client
 * or storage, and tests can provide fakes instead.
 */

/** The actors of `authMachine`, over the member session. */
export function authMachineActors(session: AuthSession) {
  const { client } = session
  return {
    signUp: fromPromise<void, { email: string; password: string }>(({ input }) => client.signUp(input)),
    resendConfirmationCode: fromPromise<void, { email: string }>(({ input }) =>
      client.resendConfirmationCode(input),
    ),
    confirmSignUp: fromPromise<void, { email: string; code: string }>(({ input }) =>
      client.confirmSignUp(input),
    ),
    signIn: fromPromise<MemberSignedIn, { email: string; password: string }>(({ input }) =>
      session.signIn(input),
    ),
    forgotPassword: fromPromise<void, { email: string }>(({ input }) => client.forgotPassword(input)),
    confirmForgotPassword: fromPromise<void, { email: string; code: string; password: string }>(({ input }) =>
      client.confirmForgotPassword(input),
    ),
    changePassword: fromPromise<
      void,
      { accessToken: string; previousPassword: string; proposedPassword: string }
    >(({ input }) => client.changePassword(input)),
    changeEmail: fromPromise<void, { accessToken: string; email: string }>(({ input }) =>
      client.updateUserAttributes({ accessToken: input.accessToken, attributes: { email: input.email } }),
    ),
    verifyEmail: fromPromise<void, { accessToken: string; code: string }>(({ input }) =>
      client.verifyUserAttribute({
        accessToken: input.accessToken,
        attributeName: 'email',
        code: input.code,
      }),
    ),
    signOut: fromPromise<void, { accessToken: string | undefined }>(() => session.signOut()),
  }
}

/** The actors of `adminSignInMachine`, over the admin session. */
export function adminSignInActors(session: AuthSession) {
  return {
    signIn: fromPromise<{ authInfo: AuthInfo }, { email: string; password: string }>(({ input }) =>
      session.signIn(input),
    ),
    respondToNewPasswordChallenge: fromPromise<
      { authInfo: AuthInfo },
      { email: string; newPassword: string; session: string }
    >(({ input }) => session.respondToNewPasswordChallenge(input)),
  }
}

/**
 * The session actors of `myPageEntryMachine` (with the member session; the app adds `fetchFeatureFlags`) and
 * of `adminEntryMachine` (with the admin session).
 */
export function sessionEntryActors(session: AuthSession) {
  return {
    findRefreshToken: fromPromise<string | undefined>(async () => session.getRefreshToken()),
    refreshAccessToken: fromPromise<AuthInfo, { refreshToken: string }>(
      async ({ input }) => (await session.refresh(input.refreshToken)).authInfo,
    ),
  }
}

/**
 * The actor of `tokenRefreshMachine`: the session's fresh access token, so a page that refreshed it a moment
 * earlier (or is refreshing it now) spares the machine an exchange of its own; a forced one always exchanges.
 */
export function tokenRefreshActors(session: AuthSession) {
  return {
    refreshAccessToken: fromPromise<AuthInfo, { authInfo: AuthInfo; force: boolean }>(async ({ input }) =>
      input.force ? (await session.refresh()).authInfo : session.freshAuthInfo(),
    ),
  }
}

import { assign, setup } from 'xstate'
import { NewPasswordRequiredError } from '../auth/auth-errors.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import { credentials, eventInput } from './event-input.ts'
import { placeholderActor } from './placeholders.ts'

/** What the sign-in actors resolve with; `SignInResult` of the auth client fits. */
export interface SignedIn {
  authInfo: AuthInfo
}

export interface AdminSignInContext {
  email: string
  /** The challenge session Cognito handed out with NEW_PASSWORD_REQUIRED. */
  session: string | undefined
  authInfo: AuthInfo | undefined
  error: unknown
}

export type AdminSignInEvent =
  | { type: 'signIn.submit'; email: string; password: string }
  | { type: 'newPassword.submit'; newPassword: string }
  /** Leave the new-password form and start over. */
  | { type: 'signIn.restart' }

const fromEvent = eventInput<AdminSignInContext, AdminSignInEvent>()

/**
 * Admin sign-in (docs/requirements.md ADM-1). Admins created by an operator must choose a password on their first
 * sign-in: Cognito answers with the NEW_PASSWORD_REQUIRED challenge, which the auth client raises as
 * `NewPasswordRequiredError` carrying the e-mail and session; the new password is sent back with them.
 * Passwords travel in events and actor input only, never in the context.
 */
export const adminSignInMachine = setup({
  types: {
    context: {} as AdminSignInContext,
    events: {} as AdminSignInEvent,
    output: {} as SignedIn,
    tags: {} as 'busy',
  },
  actors: {
    /** USER_PASSWORD_AUTH against the admins' app client; stores the tokens. */
    signIn: placeholderActor<SignedIn, { email: string; password: string }>('signIn'),
    /** RespondToAuthChallenge NEW_PASSWORD_REQUIRED; stores the tokens. */
    respondToNewPasswordChallenge: placeholderActor<
      SignedIn,
      { email: string; newPassword: string; session: string }
    >('respondToNewPasswordChallenge'),
  },
  guards: {
    isNewPasswordRequired: (_, params: { error: unknown }) =>
      params.error instanceof NewPasswordRequiredError,
  },
}).createMachine({
  id: 'adminSignIn',
  context: { email: '', session: undefined, authInfo: undefined, error: undefined },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'signIn.submit': {
          target: 'signingIn',
          actions: assign({ email: ({ event }) => event.email, error: undefined }),
        },
      },
    },
    signingIn: {
      tags: 'busy',
      invoke: {
        src: 'signIn',
        input: fromEvent('signIn.submit', credentials),
        onDone: { target: 'signedIn', actions: assign({ authInfo: ({ event }) => event.output.authInfo }) },
        onError: [
          {
            guard: { type: 'isNewPasswordRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'newPasswordRequired',
            actions: assign(({ event }) => {
              const challenge = event.error as NewPasswordRequiredError
              return { email: challenge.email, session: challenge.session }
            }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    newPasswordRequired: {
      description: 'First sign-in of an admin an operator created: Cognito wants a new password first.',
      on: {
        'newPassword.submit': { target: 'settingNewPassword', actions: assign({ error: undefined }) },
        'signIn.restart': { target: 'editing', actions: assign({ session: undefined, error: undefined }) },
      },
    },
    settingNewPassword: {
      tags: 'busy',
      invoke: {
        src: 'respondToNewPasswordChallenge',
        input: fromEvent('newPassword.submit', (event, context) => ({
          email: context.email,
          newPassword: event.newPassword,
          session: context.session ?? '',
        })),
        onDone: {
          target: 'signedIn',
          actions: assign({ authInfo: ({ event }) => event.output.authInfo, session: undefined }),
        },
        // The password policy or an expired challenge session (3 minutes) refuse it; the form shows why. An
        // expired session needs a fresh sign-in, which signIn.restart offers.
        onError: { target: 'newPasswordRequired', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => ({ authInfo: context.authInfo as AuthInfo }),
})

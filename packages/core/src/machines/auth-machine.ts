import { assign, type ExtractEvent, setup } from 'xstate'
import type { AuthInfo, UserAttributes } from '../domain/auth-info.ts'
import { AppError, CognitoError } from '../errors/app-errors.ts'
import { productMessage } from '../errors/catalogue.ts'
import { credentials, eventInput } from './event-input.ts'
import { placeholderActor } from './placeholders.ts'

/** What the sign-in actor resolves with; `SignInResult` of the auth client fits. */
export interface MemberSignedIn {
  authInfo: AuthInfo
  user: UserAttributes | undefined
}

/** Something that went well and deserves a word on screen. */
export type AuthNotice = 'codeResent' | 'passwordChanged' | 'emailVerified'

export interface AuthContext {
  /** Signed in exactly when this exists. */
  authInfo: AuthInfo | undefined
  user: UserAttributes | undefined
  /** The e-mail of the sign-up or password reset in progress. */
  email: string
  /** A new e-mail address waiting for its verification code. */
  pendingEmail: string | undefined
  error: unknown
  notice: AuthNotice | undefined
}

export interface AuthInput {
  /** The stored auth info, if any (`session.getAuthInfo()`): the machine starts signed in exactly when given. */
  authInfo: AuthInfo | undefined
  user?: UserAttributes | undefined
}

export type AuthEvent =
  | { type: 'signUp.submit'; email: string; password: string }
  | { type: 'signUp.resendCode'; email: string }
  | { type: 'signUp.confirm'; email: string; code: string }
  | { type: 'signIn.submit'; email: string; password: string }
  | { type: 'passwordReset.request'; email: string }
  | { type: 'passwordReset.confirm'; email: string; code: string; password: string }
  | { type: 'signOut.submit' }
  | { type: 'password.change'; currentPassword: string; newPassword: string }
  | { type: 'email.change'; email: string }
  | { type: 'email.verify'; code: string }
  | { type: 'email.cancel' }
  /** The token refresh actor renewed the access token. */
  | { type: 'token.refreshed'; authInfo: AuthInfo }
  /** The session cannot be renewed: sign in again. */
  | { type: 'token.expired' }

const fromEvent = eventInput<AuthContext, AuthEvent>()

/** Input of a call about the signed-in user's own account, which carries their access token. */
function ownAccount<const TType extends AuthEvent['type'], TInput>(
  type: TType,
  pick: (event: ExtractEvent<AuthEvent, TType>) => TInput,
) {
  return fromEvent(type, (event, context) => ({
    accessToken: context.authInfo?.accessToken ?? '',
    ...pick(event),
  }))
}

/** Keeps what an invoked actor rejected with, for the form to show. */
const keepError = {
  type: 'keepError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/** A call that returns to the form at `target` either way: with its notice when it worked, its error when not. */
const backTo = (target: string, notice: AuthNotice) =>
  ({
    onDone: { target, actions: { type: 'notify', params: { notice } } },
    onError: { target, actions: keepError },
  }) as const

/**
 * A member's account (decision 060): sign-up, e-mail verification by code (which can be
 * resent), sign-in, password reset by code, and, signed in, password change, e-mail change with verification
 * of the new address, and sign-out, which clears the access info and the refresh token.
 *
 * Every call is an actor the app supplies (usually from the member auth session); passwords and codes travel
 * in events and actor input only. Errors land in `context.error` as thrown (the error catalogue describes
 * them); busy states carry the `busy` tag so forms can disable themselves.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as 'busy',
  },
  actors: {
    /** SignUp with the e-mail as user name. */
    signUp: placeholderActor<void, { email: string; password: string }>('signUp'),
    resendConfirmationCode: placeholderActor<void, { email: string }>('resendConfirmationCode'),
    /** ConfirmSignUp, never forcing alias creation. */
    confirmSignUp: placeholderActor<void, { email: string; code: string }>('confirmSignUp'),
    /** USER_PASSWORD_AUTH; stores the auth info and refresh token. */
    signIn: placeholderActor<MemberSignedIn, { email: string; password: string }>('signIn'),
    forgotPassword: placeholderActor<void, { email: string }>('forgotPassword'),
    confirmForgotPassword: placeholderActor<void, { email: string; code: string; password: string }>(
      'confirmForgotPassword',
    ),
    changePassword: placeholderActor<
      void,
      { accessToken: string; previousPassword: string; proposedPassword: string }
    >('changePassword'),
    /** UpdateUserAttributes with the new e-mail; Cognito mails a code to it. */
    changeEmail: placeholderActor<void, { accessToken: string; email: string }>('changeEmail'),
    /** VerifyUserAttribute email with the code. */
    verifyEmail: placeholderActor<void, { accessToken: string; code: string }>('verifyEmail'),
    /** GlobalSignOut, then clears the stored auth info and refresh token whatever Cognito answered. */
    signOut: placeholderActor<void, { accessToken: string | undefined }>('signOut'),
  },
  actions: {
    /**
     * Starts a signed-out flow. Pages that take the e-mail from their query (verify-sign-up, reset-password)
     * send it with every event, so a reloaded page can carry on.
     */
    startFlow: assign({
      email: ({ event }) => ('email' in event ? event.email : ''),
      error: undefined,
      notice: undefined,
    }),
    clearFeedback: assign({ error: undefined, notice: undefined }),
    keepError: assign({ error: (_, params: { error: unknown }) => params.error }),
    notify: assign({ notice: (_, params: { notice: AuthNotice }) => params.notice }),
  },
  guards: {
    hasAuthInfo: ({ context }) => context.authInfo !== undefined,
    isNewPasswordSameAsCurrent: ({ event }) =>
      event.type === 'password.change' && event.newPassword === event.currentPassword,
    isUserNotConfirmed: (_, params: { error: unknown }) =>
      params.error instanceof CognitoError && params.error.code === 'UserNotConfirmedException',
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    authInfo: input.authInfo,
    user: input.user,
    email: '',
    pendingEmail: undefined,
    error: undefined,
    notice: undefined,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasAuthInfo', target: 'signedIn' }, { target: 'signedOut' }],
    },

    signedOut: {
      initial: 'idle',
      on: {
        'signUp.submit': { target: '.signUp.submitting', actions: 'startFlow' },
        'signUp.resendCode': { target: '.signUp.resendingCode', actions: 'startFlow' },
        'signUp.confirm': { target: '.signUp.confirming', actions: 'startFlow' },
        'signIn.submit': { target: '.signingIn', actions: 'startFlow' },
        'passwordReset.request': { target: '.passwordReset.sendingCode', actions: 'startFlow' },
        'passwordReset.confirm': { target: '.passwordReset.resetting', actions: 'startFlow' },
      },
      states: {
        idle: {},
        signUp: {
          initial: 'submitting',
          states: {
            submitting: {
              tags: 'busy',
              invoke: {
                src: 'signUp',
                input: fromEvent('signUp.submit', credentials),
                onDone: 'awaitingCode',
                onError: { target: '#auth.signedOut.idle', actions: keepError },
              },
            },
            awaitingCode: {
              description: 'Cognito mailed a verification code; the user types it in or asks for another.',
            },
            resendingCode: {
              tags: 'busy',
              invoke: {
                src: 'resendConfirmationCode',
                input: ({ context }) => ({ email: context.email }),
                ...backTo('awaitingCode', 'codeResent'),
              },
            },
            confirming: {
              tags: 'busy',
              invoke: {
                src: 'confirmSignUp',
                input: fromEvent('signUp.confirm', (event, context) => ({
                  email: context.email,
                  code: event.code,
                })),
                onDone: 'verified',
                onError: { target: 'awaitingCode', actions: keepError },
              },
            },
            verified: {
              description: 'The e-mail is verified; the sign-up-verified page is only reachable from here.',
            },
          },
        },
        signingIn: {
          tags: 'busy',
          invoke: {
            src: 'signIn',
            input: fromEvent('signIn.submit', credentials),
            onDone: {
              target: '#auth.signedIn',
              actions: assign({
                authInfo: ({ event }) => event.output.authInfo,
                user: ({ event }) => event.output.user,
              }),
            },
            onError: [
              {
                // Signed up but never verified: offer the code form ("Email verification required").
                guard: { type: 'isUserNotConfirmed', params: ({ event }) => ({ error: event.error }) },
                target: 'signUp.awaitingCode',
                actions: keepError,
              },
              { target: 'idle', actions: keepError },
            ],
          },
        },
        passwordReset: {
          initial: 'sendingCode',
          states: {
            sendingCode: {
              tags: 'busy',
              invoke: {
                src: 'forgotPassword',
                input: ({ context }) => ({ email: context.email }),
                onDone: 'awaitingCode',
                onError: { target: '#auth.signedOut.idle', actions: keepError },
              },
            },
            awaitingCode: {
              description: 'Cognito mailed a reset code; the user types it with the new password.',
            },
            resetting: {
              tags: 'busy',
              invoke: {
                src: 'confirmForgotPassword',
                input: fromEvent('passwordReset.confirm', (event, context) => ({
                  email: context.email,
                  code: event.code,
                  password: event.password,
                })),
                onDone: 'done',
                onError: { target: 'awaitingCode', actions: keepError },
              },
            },
            done: { description: 'The password was reset; the user signs in with the new one.' },
          },
        },
      },
    },

    signedIn: {
      initial: 'idle',
      on: {
        'signOut.submit': '.signingOut',
        'token.refreshed': { actions: assign({ authInfo: ({ event }) => event.authInfo }) },
        'token.expired': {
          target: 'signedOut',
          actions: assign({
            authInfo: undefined,
            user: undefined,
            pendingEmail: undefined,
            notice: undefined,
            error: () => new AppError(productMessage('myPageSessionExpired')),
          }),
        },
      },
      states: {
        idle: {
          on: {
            'password.change': [
              {
                guard: 'isNewPasswordSameAsCurrent',
                actions: assign({
                  notice: undefined,
                  error: () => new AppError(productMessage('newPasswordSameAsCurrent')),
                }),
              },
              { target: 'changingPassword', actions: 'clearFeedback' },
            ],
            'email.change': {
              target: 'changingEmail',
              actions: ['clearFeedback', assign({ pendingEmail: ({ event }) => event.email })],
            },
          },
        },
        changingPassword: {
          tags: 'busy',
          invoke: {
            src: 'changePassword',
            input: ownAccount('password.change', (event) => ({
              previousPassword: event.currentPassword,
              proposedPassword: event.newPassword,
            })),
            ...backTo('idle', 'passwordChanged'),
          },
        },
        changingEmail: {
          tags: 'busy',
          invoke: {
            src: 'changeEmail',
            input: ({ context }) => ({
              accessToken: context.authInfo?.accessToken ?? '',
              email: context.pendingEmail ?? '',
            }),
            onDone: 'awaitingEmailCode',
            onError: { target: 'idle', actions: [keepError, assign({ pendingEmail: undefined })] },
          },
        },
        awaitingEmailCode: {
          description: 'Cognito mailed a code to the new address; the change counts once it is verified.',
          on: {
            'email.verify': { target: 'verifyingEmail', actions: 'clearFeedback' },
            'email.cancel': {
              target: 'idle',
              actions: ['clearFeedback', assign({ pendingEmail: undefined })],
            },
          },
        },
        verifyingEmail: {
          tags: 'busy',
          invoke: {
            src: 'verifyEmail',
            input: ownAccount('email.verify', (event) => ({ code: event.code })),
            onDone: {
              target: 'idle',
              actions: assign({
                user: ({ context }) =>
                  context.user === undefined || context.pendingEmail === undefined
                    ? context.user
                    : { ...context.user, email: context.pendingEmail, emailVerified: true },
                pendingEmail: undefined,
                notice: 'emailVerified',
              }),
            },
            onError: { target: 'awaitingEmailCode', actions: keepError },
          },
        },
        signingOut: {
          tags: 'busy',
          invoke: {
            src: 'signOut',
            input: ({ context }) => ({ accessToken: context.authInfo?.accessToken }),
            // Signed out locally either way: a token Cognito no longer accepts must not keep the user in.
            onDone: '#auth.signedOut',
            onError: '#auth.signedOut',
          },
          exit: assign({
            authInfo: undefined,
            user: undefined,
            pendingEmail: undefined,
            error: undefined,
            notice: undefined,
          }),
        },
      },
    },
  },
})

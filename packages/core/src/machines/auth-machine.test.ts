import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type StateValue, waitFor } from 'xstate'
import type { AuthInfo, UserAttributes } from '../domain/auth-info.ts'
import { AppError, CognitoError } from '../errors/app-errors.ts'
import { type AuthEvent, type AuthInput, authMachine, type MemberSignedIn } from './auth-machine.ts'

const authInfo: AuthInfo = { accessToken: 'access-1', tokenType: 'Bearer', expiresAt: 3_600_000 }
const user: UserAttributes = { email: 'fox@example.com', emailVerified: true, sub: 'user-1' }

/**
 * A small in-memory user pool standing in for Cognito behind the actors. Codes are fixed: sign-up 111111
 * (222222 once resent), password reset 333333, new e-mail 444444.
 */
function fakePool() {
  const users = new Map<string, { password: string; confirmed: boolean; code: string }>()
  users.set('fox@example.com', { password: 'password1', confirmed: true, code: '' })
  users.set('unverified@example.com', { password: 'password1', confirmed: false, code: '111111' })
  let signedOut = false

  const find = (email: string) => {
    const found = users.get(email)
    if (found === undefined) throw new CognitoError('UserNotFoundException')
    return found
  }
  const actors = {
    signUp: fromPromise<void, { email: string; password: string }>(async ({ input }) => {
      if (users.has(input.email)) throw new CognitoError('UsernameExistsException')
      users.set(input.email, { password: input.password, confirmed: false, code: '111111' })
    }),
    resendConfirmationCode: fromPromise<void, { email: string }>(async ({ input }) => {
      find(input.email).code = '222222'
    }),
    confirmSignUp: fromPromise<void, { email: string; code: string }>(async ({ input }) => {
      const found = find(input.email)
      if (found.code !== input.code) throw new CognitoError('CodeMismatchException')
      found.confirmed = true
    }),
    signIn: fromPromise<MemberSignedIn, { email: string; password: string }>(async ({ input }) => {
      const found = find(input.email)
      if (found.password !== input.password) throw new CognitoError('NotAuthorizedException')
      if (!found.confirmed) throw new CognitoError('UserNotConfirmedException')
      return { authInfo, user: { ...user, email: input.email } }
    }),
    forgotPassword: fromPromise<void, { email: string }>(async ({ input }) => {
      find(input.email).code = '333333'
    }),
    confirmForgotPassword: fromPromise<void, { email: string; code: string; password: string }>(
      async ({ input }) => {
        const found = find(input.email)
        if (found.code !== input.code) throw new CognitoError('ExpiredCodeException')
        found.password = input.password
      },
    ),
    changePassword: fromPromise<
      void,
      { accessToken: string; previousPassword: string; proposedPassword: string }
    >(async ({ input }) => {
      const found = find('fox@example.com')
      if (input.accessToken !== authInfo.accessToken) throw new CognitoError('NotAuthorizedException')
      if (found.password !== input.previousPassword) throw new CognitoError('NotAuthorizedException')
      found.password = input.proposedPassword
    }),
    changeEmail: fromPromise<void, { accessToken: string; email: string }>(async ({ input }) => {
      if (users.has(input.email)) throw new CognitoError('AliasExistsException')
    }),
    verifyEmail: fromPromise<void, { accessToken: string; code: string }>(async ({ input }) => {
      if (input.code !== '444444') throw new CognitoError('CodeMismatchException')
    }),
    signOut: fromPromise<void, { accessToken: string | undefined }>(async ({ input }) => {
      signedOut = true
      if (input.accessToken !== authInfo.accessToken) throw new CognitoError('NotAuthorizedException')
    }),
  }
  return { users, actors, wasSignedOut: () => signedOut }
}

const signedOut: AuthInput = { authInfo: undefined }

function startAuth(input: AuthInput = signedOut) {
  const pool = fakePool()
  const actor = createActor(authMachine.provide({ actors: pool.actors }), {
    clock: new SimulatedClock(),
    input,
  }).start()
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
  /** Sends one event and waits until the call it starts has answered. */
  const settle = (event: AuthEvent) => {
    actor.send(event)
    return settled()
  }
  return { actor, pool, settled, settle }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof CognitoError ? error.code : undefined
}

describe('authMachine', () => {
  it('starts signed in exactly when auth info is given', () => {
    expect(startAuth().actor.getSnapshot().value).toEqual({ signedOut: 'idle' })
    expect(startAuth({ authInfo, user }).actor.getSnapshot().value).toEqual({ signedIn: 'idle' })
  })

  // A call the user pool refuses leaves the machine where the user can try again, with the error to show.
  it.each<[string, AuthInput, AuthEvent, StateValue, string]>([
    [
      'shows a wrong code and stays on the code form',
      signedOut,
      { type: 'signUp.confirm', email: 'unverified@example.com', code: '999999' },
      { signedOut: { signUp: 'awaitingCode' } },
      'CodeMismatchException',
    ],
    [
      'refuses an e-mail that is already registered',
      signedOut,
      { type: 'signUp.submit', email: 'fox@example.com', password: 'password1' },
      { signedOut: 'idle' },
      'UsernameExistsException',
    ],
    [
      'stays on the code form when the code is refused',
      signedOut,
      { type: 'passwordReset.confirm', email: 'fox@example.com', code: '000000', password: 'password2' },
      { signedOut: { passwordReset: 'awaitingCode' } },
      'ExpiredCodeException',
    ],
    [
      'goes back to the start when the e-mail is unknown',
      signedOut,
      { type: 'passwordReset.request', email: 'nobody@example.com' },
      { signedOut: 'idle' },
      'UserNotFoundException',
    ],
    [
      'shows a wrong current password',
      { authInfo, user },
      { type: 'password.change', currentPassword: 'wrong-one', newPassword: 'password2' },
      { signedIn: 'idle' },
      'NotAuthorizedException',
    ],
  ])('%s', async (_, input, event, state, code) => {
    const snapshot = await startAuth(input).settle(event)

    expect(snapshot.value).toEqual(state)
    expect(errorCode(snapshot.context.error)).toBe(code)
  })

  describe('sign-up', () => {
    it('signs up, waits for the code, and is verified by it', async () => {
      const { actor, pool, settled } = startAuth()

      actor.send({ type: 'signUp.submit', email: 'new@example.com', password: 'password1' })
      expect(actor.getSnapshot().hasTag('busy')).toBe(true)
      const waiting = await settled()
      expect(waiting.value).toEqual({ signedOut: { signUp: 'awaitingCode' } })
      expect(waiting.context.email).toBe('new@example.com')

      actor.send({ type: 'signUp.confirm', email: 'new@example.com', code: '111111' })
      const verified = await settled()

      expect(verified.value).toEqual({ signedOut: { signUp: 'verified' } })
      expect(verified.context.error).toBeUndefined()
      expect(pool.users.get('new@example.com')?.confirmed).toBe(true)
    })

    it('resends the code on request; the new code verifies', async () => {
      const { actor, settled } = startAuth()

      actor.send({ type: 'signUp.resendCode', email: 'unverified@example.com' })
      const resent = await settled()
      expect(resent.value).toEqual({ signedOut: { signUp: 'awaitingCode' } })
      expect(resent.context.notice).toBe('codeResent')

      actor.send({ type: 'signUp.confirm', email: 'unverified@example.com', code: '222222' })
      expect((await settled()).value).toEqual({ signedOut: { signUp: 'verified' } })
    })
  })

  describe('sign-in', () => {
    const signIn = (email: string, password: string) =>
      startAuth().settle({ type: 'signIn.submit', email, password })

    it('signs in and keeps the auth info and user', async () => {
      const snapshot = await signIn('fox@example.com', 'password1')

      expect(snapshot.value).toEqual({ signedIn: 'idle' })
      expect(snapshot.context.authInfo).toEqual(authInfo)
      expect(snapshot.context.user).toEqual(user)
    })

    it('stays signed out with the error on a wrong password', async () => {
      const snapshot = await signIn('fox@example.com', 'wrong')

      expect(snapshot.value).toEqual({ signedOut: 'idle' })
      expect(snapshot.context.authInfo).toBeUndefined()
      expect(errorCode(snapshot.context.error)).toBe('NotAuthorizedException')
    })

    it('offers the code form when the e-mail was never verified', async () => {
      const snapshot = await signIn('unverified@example.com', 'password1')

      expect(snapshot.value).toEqual({ signedOut: { signUp: 'awaitingCode' } })
      expect(snapshot.context.email).toBe('unverified@example.com')
      expect(errorCode(snapshot.context.error)).toBe('UserNotConfirmedException')
    })
  })

  describe('password reset', () => {
    it('sends a code, then resets the password with it', async () => {
      const { actor, pool, settled } = startAuth()

      actor.send({ type: 'passwordReset.request', email: 'fox@example.com' })
      expect((await settled()).value).toEqual({ signedOut: { passwordReset: 'awaitingCode' } })

      actor.send({
        type: 'passwordReset.confirm',
        email: 'fox@example.com',
        code: '333333',
        password: 'password2',
      })
      const snapshot = await settled()

      expect(snapshot.value).toEqual({ signedOut: { passwordReset: 'done' } })
      expect(pool.users.get('fox@example.com')?.password).toBe('password2')
    })
  })

  describe('signed in', () => {
    it('changes the password', async () => {
      const { actor, pool, settled } = startAuth({ authInfo, user })

      actor.send({ type: 'password.change', currentPassword: 'password1', newPassword: 'password2' })
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'changingPassword' })
      const snapshot = await settled()

      expect(snapshot.value).toEqual({ signedIn: 'idle' })
      expect(snapshot.context.notice).toBe('passwordChanged')
      expect(pool.users.get('fox@example.com')?.password).toBe('password2')
    })

    it('refuses a new password equal to the current one without calling Cognito', () => {
      const { actor, pool } = startAuth({ authInfo, user })

      actor.send({ type: 'password.change', currentPassword: 'password1', newPassword: 'password1' })
      const snapshot = actor.getSnapshot()

      expect(snapshot.value).toEqual({ signedIn: 'idle' })
      expect(snapshot.context.error).toBeInstanceOf(AppError)
      expect((snapshot.context.error as AppError).key).toBe('product.newPasswordSameAsCurrent')
      expect(pool.users.get('fox@example.com')?.password).toBe('password1')
    })

    it('changes the e-mail, then verifies the new address with its code', async () => {
      const { settle } = startAuth({ authInfo, user })
      const waiting = await settle({ type: 'email.change', email: 'wolf@example.com' })
      expect(waiting.value).toEqual({ signedIn: 'awaitingEmailCode' })
      expect(waiting.context.pendingEmail).toBe('wolf@example.com')

      const snapshot = await settle({ type: 'email.verify', code: '444444' })

      expect(snapshot.value).toEqual({ signedIn: 'idle' })
      expect(snapshot.context.user).toEqual({ ...user, email: 'wolf@example.com', emailVerified: true })
      expect(snapshot.context.pendingEmail).toBeUndefined()
      expect(snapshot.context.notice).toBe('emailVerified')
    })

    it('keeps waiting for the right code when the e-mail code is wrong, and can give up', async () => {
      const { actor, settled } = startAuth({ authInfo, user })
      actor.send({ type: 'email.change', email: 'wolf@example.com' })
      await settled()

      actor.send({ type: 'email.verify', code: '000000' })
      const refused = await settled()
      expect(refused.value).toEqual({ signedIn: 'awaitingEmailCode' })
      expect(errorCode(refused.context.error)).toBe('CodeMismatchException')

      actor.send({ type: 'email.cancel' })
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' })
      expect(actor.getSnapshot().context.user).toEqual(user)
    })

    it('refuses an e-mail used by another account', async () => {
      const snapshot = await startAuth({ authInfo, user }).settle({
        type: 'email.change',
        email: 'unverified@example.com',
      })

      expect(snapshot.value).toEqual({ signedIn: 'idle' })
      expect(snapshot.context.pendingEmail).toBeUndefined()
      expect(errorCode(snapshot.context.error)).toBe('AliasExistsException')
    })

    it('follows refreshed tokens', () => {
      const { actor } = startAuth({ authInfo, user })
      const refreshed: AuthInfo = { ...authInfo, accessToken: 'access-2' }

      actor.send({ type: 'token.refreshed', authInfo: refreshed })

      expect(actor.getSnapshot().context.authInfo).toEqual(refreshed)
    })

    it('signs out when the session expired, saying so', () => {
      const { actor } = startAuth({ authInfo, user })

      actor.send({ type: 'token.expired' })
      const snapshot = actor.getSnapshot()

      expect(snapshot.value).toEqual({ signedOut: 'idle' })
      expect(snapshot.context.authInfo).toBeUndefined()
      expect((snapshot.context.error as AppError).key).toBe('product.myPageSessionExpired')
    })
  })

  describe('sign-out', () => {
    it('signs out and clears the auth info and user', async () => {
      const { actor, pool, settled } = startAuth({ authInfo, user })

      actor.send({ type: 'signOut.submit' })
      expect(actor.getSnapshot().hasTag('busy')).toBe(true)
      const snapshot = await settled()

      expect(pool.wasSignedOut()).toBe(true)
      expect(snapshot.value).toEqual({ signedOut: 'idle' })
      expect(snapshot.context.authInfo).toBeUndefined()
      expect(snapshot.context.user).toBeUndefined()
    })

    it('signs out locally even when Cognito refuses the token', async () => {
      const stale: AuthInfo = { ...authInfo, accessToken: 'revoked' }
      const snapshot = await startAuth({ authInfo: stale, user }).settle({ type: 'signOut.submit' })

      expect(snapshot.value).toEqual({ signedOut: 'idle' })
      expect(snapshot.context.authInfo).toBeUndefined()
      expect(snapshot.context.error).toBeUndefined()
    })
  })
})

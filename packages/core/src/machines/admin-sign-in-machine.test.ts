import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, toPromise, waitFor } from 'xstate'
import { NewPasswordRequiredError } from '../auth/auth-errors.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import { CognitoError } from '../errors/app-errors.ts'
import { adminSignInMachine } from './admin-sign-in-machine.ts'

const adminAuthInfo: AuthInfo = { accessToken: 'admin-access', tokenType: 'Bearer', expiresAt: 3_600_000 }

/**
 * A fake admin pool: `admin@example.com` with password `initial-password` must choose a new password first
 * (session `challenge-session`); `ready@example.com` with `password1` signs straight in.
 */
function startAdminSignIn() {
  const sut = adminSignInMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }) => {
        if (input.email === 'admin@example.com' && input.password === 'initial-password') {
          throw new NewPasswordRequiredError('admin@example.com', 'challenge-session')
        }
        if (input.email === 'ready@example.com' && input.password === 'password1')
          return { authInfo: adminAuthInfo }
        throw new CognitoError('NotAuthorizedException', { message: 'Incorrect username or password.' })
      }),
      respondToNewPasswordChallenge: fromPromise(async ({ input }) => {
        if (input.session !== 'challenge-session' || input.email !== 'admin@example.com') {
          throw new CognitoError('NotAuthorizedException', { message: 'Invalid session for the user.' })
        }
        if (input.newPassword.length < 8) throw new CognitoError('InvalidPasswordException')
        return { authInfo: adminAuthInfo }
      }),
    },
  })
  return createActor(sut, { clock: new SimulatedClock() }).start()
}

describe('adminSignInMachine', () => {
  it('signs an admin in with e-mail and password', async () => {
    const actor = startAdminSignIn()

    actor.send({ type: 'signIn.submit', email: 'ready@example.com', password: 'password1' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)

    expect(await toPromise(actor)).toEqual({ authInfo: adminAuthInfo })
    expect(actor.getSnapshot().value).toBe('signedIn')
  })

  it('shows why a sign-in was refused and lets the admin try again', async () => {
    const actor = startAdminSignIn()

    actor.send({ type: 'signIn.submit', email: 'ready@example.com', password: 'wrong' })
    const snapshot = await waitFor(actor, (s) => s.matches('editing'))

    expect(snapshot.context.error).toBeInstanceOf(CognitoError)
    expect((snapshot.context.error as CognitoError).code).toBe('NotAuthorizedException')
    actor.send({ type: 'signIn.submit', email: 'ready@example.com', password: 'password1' })
    expect(await toPromise(actor)).toEqual({ authInfo: adminAuthInfo })
  })

  it('asks for a new password on NEW_PASSWORD_REQUIRED, keeping the e-mail and session', async () => {
    const actor = startAdminSignIn()

    actor.send({ type: 'signIn.submit', email: 'admin@example.com', password: 'initial-password' })
    const snapshot = await waitFor(actor, (s) => s.matches('newPasswordRequired'))

    expect(snapshot.context).toMatchObject({ email: 'admin@example.com', session: 'challenge-session' })
    expect(snapshot.context.error).toBeUndefined()
  })

  it('answers the challenge with the new password and signs in', async () => {
    const actor = startAdminSignIn()
    actor.send({ type: 'signIn.submit', email: 'admin@example.com', password: 'initial-password' })
    await waitFor(actor, (s) => s.matches('newPasswordRequired'))

    actor.send({ type: 'newPassword.submit', newPassword: 'a-new-password' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)

    expect(await toPromise(actor)).toEqual({ authInfo: adminAuthInfo })
    expect(actor.getSnapshot().context.session).toBeUndefined()
  })

  it('stays on the new-password form when the new password is refused', async () => {
    const actor = startAdminSignIn()
    actor.send({ type: 'signIn.submit', email: 'admin@example.com', password: 'initial-password' })
    await waitFor(actor, (s) => s.matches('newPasswordRequired'))

    actor.send({ type: 'newPassword.submit', newPassword: 'short' })
    const snapshot = await waitFor(
      actor,
      (s) => s.matches('newPasswordRequired') && s.context.error !== undefined,
    )

    expect((snapshot.context.error as CognitoError).code).toBe('InvalidPasswordException')
    expect(snapshot.context.session).toBe('challenge-session')
  })

  it('can leave the new-password form and start over', async () => {
    const actor = startAdminSignIn()
    actor.send({ type: 'signIn.submit', email: 'admin@example.com', password: 'initial-password' })
    await waitFor(actor, (s) => s.matches('newPasswordRequired'))

    actor.send({ type: 'signIn.restart' })

    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.session).toBeUndefined()
  })
})

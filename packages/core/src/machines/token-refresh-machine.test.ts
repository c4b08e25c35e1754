import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, toPromise, waitFor } from 'xstate'
import type { AuthInfo } from '../domain/auth-info.ts'
import { accessTokenRefreshMarginMs } from '../domain/limits.ts'
import { CognitoError, NetworkError } from '../errors/app-errors.ts'
import { tokenRefreshMachine, tokenRefreshRetryDelayMs } from './token-refresh-machine.ts'

const expiresAt = 3_600_000
const authInfo: AuthInfo = { accessToken: 'access-1', tokenType: 'Bearer', expiresAt }

/**
 * Starts the machine at `startAt` on a simulated clock. Each refresh answers with the next item of
 * `answers` (a token valid one more hour, by default); an Error rejects.
 */
function start(options: { startAt?: number; answers?: (AuthInfo | Error)[] } = {}) {
  const clock = new SimulatedClock()
  clock.set(options.startAt ?? 0)
  const answers = [...(options.answers ?? [])]
  const events: string[] = []
  const sut = tokenRefreshMachine.provide({
    actors: {
      refreshAccessToken: fromPromise(async ({ input }) => {
        const answer = answers.shift() ?? { ...input.authInfo, expiresAt: clock.now() + 3_600_000 }
        if (answer instanceof Error) throw answer
        return answer
      }),
    },
  })
  const actor = createActor(sut, { clock, input: { authInfo, clock: () => clock.now() } })
  actor.on('*', (event) => events.push(event.type))
  actor.start()
  const reached = (state: 'waiting' | 'retrying') => waitFor(actor, (snapshot) => snapshot.matches(state))
  return { actor, clock, events, reached }
}

describe('tokenRefreshMachine', () => {
  it('uses the 30 s refresh margin', () => {
    expect(accessTokenRefreshMarginMs).toBe(30_000)
  })

  it('is not yet due 30.1 s before expiry', () => {
    const { actor, clock } = start()

    clock.set(expiresAt - 30_100)

    expect(actor.getSnapshot().value).toBe('waiting')
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
  })

  it('is due 29.9 s before expiry', () => {
    const { actor, clock } = start()

    clock.set(expiresAt - 30_100)
    clock.increment(200)

    expect(actor.getSnapshot().value).toBe('refreshing')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
  })

  it('starting 30.1 s before expiry waits, starting 29.9 s before refreshes at once', () => {
    expect(start({ startAt: expiresAt - 30_100 }).actor.getSnapshot().value).toBe('waiting')
    expect(start({ startAt: expiresAt - 29_900 }).actor.getSnapshot().value).toBe('refreshing')
  })

  it('keeps the new token, tells the app, and schedules the next refresh from its expiry', async () => {
    const next: AuthInfo = { accessToken: 'access-2', tokenType: 'Bearer', expiresAt: expiresAt + 3_600_000 }
    const { actor, clock, events, reached } = start({ answers: [next] })

    clock.set(expiresAt - accessTokenRefreshMarginMs)
    await reached('waiting')

    expect(actor.getSnapshot().value).toBe('waiting')
    expect(actor.getSnapshot().context.authInfo).toEqual(next)
    expect(events).toEqual(['token.refreshed'])

    clock.set(next.expiresAt - 30_100)
    expect(actor.getSnapshot().value).toBe('waiting')
    clock.increment(200)
    expect(actor.getSnapshot().value).toBe('refreshing')
  })

  it('refreshes on demand with token.refresh', () => {
    const { actor } = start()

    actor.send({ type: 'token.refresh' })

    expect(actor.getSnapshot().value).toBe('refreshing')
  })

  it('follows a token signed in elsewhere with token.updated', () => {
    const { actor, clock } = start()
    const later: AuthInfo = { accessToken: 'other', tokenType: 'Bearer', expiresAt: expiresAt * 2 }

    actor.send({ type: 'token.updated', authInfo: later })
    clock.set(expiresAt)

    expect(actor.getSnapshot().value).toBe('waiting')
    expect(actor.getSnapshot().context.authInfo).toEqual(later)
  })

  it.each([
    [
      'Refresh Token has expired',
      new CognitoError('NotAuthorizedException', { message: 'Refresh Token has expired' }),
    ],
    [
      'a revoked token',
      new CognitoError('NotAuthorizedException', { message: 'Refresh Token has been revoked' }),
    ],
  ])('ends, telling the app the session expired, when the refresh fails with %s', async (_, error) => {
    const { actor, events } = start({ startAt: expiresAt, answers: [error] })

    const output = await toPromise(actor)

    expect(actor.getSnapshot().value).toBe('expired')
    expect(output).toEqual({ error })
    expect(events).toEqual(['token.expired'])
  })

  it('retries after a delay when the refresh fails for another reason', async () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'))
    const { actor, clock, events, reached } = start({ startAt: expiresAt - 29_000, answers: [offline] })

    expect((await reached('retrying')).context.error).toBe(offline)

    clock.increment(tokenRefreshRetryDelayMs - 1)
    expect(actor.getSnapshot().value).toBe('retrying')
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('refreshing')
    await reached('waiting')

    expect(actor.getSnapshot().context.error).toBeUndefined()
    expect(events).toEqual(['token.refreshed'])
  })
})

import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AccessTokenRefusedError, type IdentityProvider } from '../src/auth/identity.ts'
import type { SharedRevocations } from '../src/auth/revocations.ts'
import { createSessionCheck } from '../src/auth/sessions.ts'
import type { StaffDirectory } from '../src/auth/staff-directory.ts'
import type { VerifiedToken } from '../src/auth/tokens.ts'
import { createMemoryLogger } from '../src/logger.ts'
import { createTestClock } from './support/harness.ts'

/** The shared list of refused tokens, in memory, as the database table keeps it (`record`, `has`). */
function memoryRevocations(): SharedRevocations & { tokenIds: Set<string> } {
  const tokenIds = new Set<string>()
  return {
    tokenIds,
    record: async (refused) => {
      tokenIds.add(refused.tokenId)
    },
    has: async (asked) => tokenIds.has(asked.tokenId),
  }
}

/**
 * The session check over GetUser as a test scripts it (each call takes the next answer), a five-second recheck
 * interval, a one-minute fail-open window and a hand-moved clock; `calls` lists the tokens GetUser was asked
 * about. Instances made with the same `revocations` share what they saw refused. AdminListGroupsForUser takes
 * the next of `groupAnswers` for each staff token asked about.
 */
function scriptedSessions(
  answers: (() => Promise<unknown>)[],
  revocations = memoryRevocations(),
  groupAnswers: (() => Promise<string[]>)[] = [],
) {
  const calls: string[] = []
  const identity: IdentityProvider = {
    getUser: async (accessToken) => {
      calls.push(accessToken)
      const next = answers.shift()
      if (!next) throw new Error('GetUser was asked more often than the test expects')
      return (await next()) as Awaited<ReturnType<IdentityProvider['getUser']>>
    },
  }
  const staffDirectory: StaffDirectory = {
    groupsOf: async () => {
      const next = groupAnswers.shift()
      if (!next) throw new Error('AdminListGroupsForUser was asked more often than the test expects')
      return next()
    },
  }
  const clock = createTestClock()
  const logger = createMemoryLogger()
  const sessions = createSessionCheck({
    identity,
    staffDirectory,
    revocations,
    clock,
    logger,
    recheckMs: 5000,
    failOpenMs: 60_000,
  })
  return { sessions, calls, clock, logger, revocations }
}

const token = (sub = randomUUID()): VerifiedToken => ({
  sub,
  token: `token-of-${sub}`,
  tokenId: randomUUID(),
  exp: Number.MAX_SAFE_INTEGER,
  groups: [],
})
const attributesOf = (sub: string) => async () => ({ sub, email: 'a@example.com', emailVerified: true })
const revoked = async () => {
  throw new AccessTokenRefusedError('NotAuthorizedException', 'Access Token has been revoked')
}
const throttled = async () => {
  throw new Error('GetUser answered 400 TooManyRequestsException')
}

describe('session check', () => {
  it('asks Cognito once per recheck interval, and again after it', async () => {
    const member = token()
    const { sessions, calls, clock } = scriptedSessions([attributesOf(member.sub), revoked])

    expect(await sessions.check(member, 'member')).toMatchObject({ status: 'active' })
    clock.advance(4999)
    expect(await sessions.check(member, 'member')).toMatchObject({ status: 'active' })
    expect(calls).toHaveLength(1)
    clock.advance(1)
    expect(await sessions.check(member, 'member')).toEqual({ status: 'revoked' })
    expect(calls).toHaveLength(2)
  })

  it('remembers a refusal: a revoked token is not asked about again', async () => {
    const member = token()
    const { sessions, calls, clock } = scriptedSessions([revoked])

    expect(await sessions.check(member, 'member')).toEqual({ status: 'revoked' })
    clock.advance(60_000)
    expect(await sessions.check(member, 'member')).toEqual({ status: 'revoked' })
    expect(calls).toHaveLength(1)
  })

  it('trusts the signature when Cognito cannot answer, logs it, and asks again after the interval', async () => {
    const member = token()
    const { sessions, calls, clock, logger } = scriptedSessions([throttled, revoked])

    expect(await sessions.check(member, 'member')).toEqual({ status: 'unconfirmed' })
    expect(await sessions.check(member, 'member')).toEqual({ status: 'unconfirmed' })
    expect(logger.records.filter((record) => record.msg.startsWith('GetUser failed'))).toHaveLength(1)
    clock.advance(5000)
    expect(await sessions.check(member, 'member')).toEqual({ status: 'revoked' })
    expect(calls).toHaveLength(2)
  })

  it('writes a refusal down for the other instances, which refuse the token while Cognito cannot answer', async () => {
    const member = token()
    const bystander = token()
    const first = scriptedSessions([revoked])
    const second = scriptedSessions([throttled, throttled], first.revocations)

    expect(await first.sessions.check(member, 'member')).toEqual({ status: 'revoked' })
    expect([...first.revocations.tokenIds]).toEqual([member.tokenId])

    expect(await second.sessions.check(member, 'member')).toEqual({ status: 'revoked' })
    expect(await second.sessions.check(bystander, 'member')).toEqual({ status: 'unconfirmed' })
  })

  it('ends the fail-open window once Cognito has not answered this instance for a minute', async () => {
    const member = token()
    const { sessions, clock } = scriptedSessions([
      attributesOf(member.sub),
      throttled,
      throttled,
      throttled,
      attributesOf(member.sub),
    ])

    expect(await sessions.check(member, 'member')).toMatchObject({ status: 'active' })
    clock.advance(5000)
    expect(await sessions.check(member, 'member')).toEqual({ status: 'unconfirmed' })
    // The answer remembered for the interval turns unavailable as the window closes, without asking again.
    clock.advance(55_000)
    expect(await sessions.check(member, 'member')).toEqual({ status: 'unconfirmed' })
    clock.advance(1)
    expect(await sessions.check(member, 'member')).toEqual({ status: 'unavailable' })
    clock.advance(5000)
    expect(await sessions.check(member, 'member')).toEqual({ status: 'unavailable' })
    // One answer from Cognito opens it again.
    clock.advance(5000)
    expect(await sessions.check(member, 'member')).toMatchObject({ status: 'active' })
  })

  it('logs a refusal it could not share, and still refuses the token', async () => {
    const member = token()
    const failing: SharedRevocations = {
      record: async () => {
        throw new Error('database unavailable')
      },
      has: async () => false,
    }
    const { sessions, logger } = scriptedSessions([revoked], { ...failing, tokenIds: new Set() })

    expect(await sessions.check(member, 'member')).toEqual({ status: 'revoked' })
    expect(logger.records).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'Could not share a refused access token' }),
    )
  })

  it('shares one GetUser among concurrent requests with the same token', async () => {
    const member = token()
    let answer: (value: unknown) => void = () => {}
    const pending = new Promise((resolve) => {
      answer = resolve
    })
    const { sessions, calls } = scriptedSessions([() => pending])

    const checks = Promise.all([
      sessions.check(member, 'member'),
      sessions.check(member, 'member'),
      sessions.check(member, 'member'),
    ])
    answer({ sub: member.sub, email: 'a@example.com', emailVerified: true })

    expect((await checks).map((state) => state.status)).toEqual(['active', 'active', 'active'])
    expect(calls).toHaveLength(1)
  })

  it('gives a staff token the groups Cognito lists now, and lists them again after the recheck interval', async () => {
    const staff = { ...token(), groups: ['committee'] }
    const { sessions, clock } = scriptedSessions(
      [attributesOf(staff.sub), attributesOf(staff.sub)],
      undefined,
      [async () => ['desk'], async () => []],
    )

    expect(await sessions.check(staff, 'admin')).toMatchObject({ status: 'active', groups: ['desk'] })
    clock.advance(4999)
    expect(await sessions.check(staff, 'admin')).toMatchObject({ status: 'active', groups: ['desk'] })
    clock.advance(1)
    expect(await sessions.check(staff, 'admin')).toMatchObject({ status: 'active', groups: [] })
  })

  it("falls back to the token's groups, with a warning, when Cognito cannot list them", async () => {
    const staff = { ...token(), groups: ['door'] }
    const { sessions, logger } = scriptedSessions([attributesOf(staff.sub)], undefined, [
      async () => {
        throw new Error('AdminListGroupsForUser answered 500')
      },
    ])

    expect(await sessions.check(staff, 'admin')).toMatchObject({ status: 'active', groups: ['door'] })
    expect(logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: "AdminListGroupsForUser failed; the token's groups are used",
      }),
    )
  })

  it('asks no groups for a member token, and none matter for a refused staff token', async () => {
    const member = token()
    const staff = { ...token(), groups: ['committee'] }
    const { sessions } = scriptedSessions([attributesOf(member.sub), revoked], undefined, [
      async () => ['desk'],
    ])

    expect(await sessions.check(member, 'member')).toEqual({
      status: 'active',
      attributes: { sub: member.sub, email: 'a@example.com', emailVerified: true },
    })
    expect(await sessions.check(staff, 'admin')).toEqual({ status: 'revoked' })
  })
})

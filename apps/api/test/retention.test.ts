import { randomUUID } from 'node:crypto'
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import {
  adminKey,
  members,
  type RunningEmulator,
  startEmulator,
} from '@furfes/cognito-emulator/test/harness.ts'
import {
  type CheckInItemWire,
  cookingClubTastingCode,
  type DashboardWire,
  type RetentionReportWire,
  type StoredEditionWire,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCognitoMemberAccounts } from '../src/auth/member-accounts.ts'
import { queryRows } from '../src/db/database.ts'
import { runRetention } from '../src/services/retention.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  payCheckout,
  pwaUrl,
  registrationRequest,
  useTestApi,
} from './support/harness.ts'

/*
 * Retention (docs/decisions/161-retention.md) on a moved clock: the 2025 edition's personal data goes once its
 * retention period has ended, what the accounts need stays, the figures still add up, the member accounts of
 * people with nothing in a kept edition go from the Cognito emulator's members pool, and a run is idempotent and
 * finishes what a stopped run left.
 */

const at = (text: string) => Date.parse(text)
/** The first edition's event is on 10 May 2025; a year after the end of that day its data is due. */
const beforeDue = at('2026-05-11T00:00:00+09:00') - 1
const afterDue = at('2026-05-11T00:00:00+09:00')

let cognito: RunningEmulator

beforeAll(async () => {
  cognito = await startEmulator()
})

afterAll(async () => {
  await cognito.close()
})

const memberAccounts = () =>
  createCognitoMemberAccounts({
    endpoint: cognito.url,
    region: 'ap-northeast-1',
    userPoolId: members.id,
    credentials: adminKey,
  })

/** A confirmed member of the emulator's members pool; the API knows them by their sub. */
async function cognitoMember(): Promise<string> {
  const email = `member-${randomUUID()}@example.com`
  await cognito.createUser(email, 'member-pass-1')
  const found = await cognito.adminClient.send(
    new AdminGetUserCommand({ UserPoolId: members.id, Username: email }),
  )
  if (!found.Username) throw new Error('The emulator gave the member no username')
  return found.Username
}

async function inCognito(userId: string): Promise<boolean> {
  try {
    await cognito.adminClient.send(new AdminGetUserCommand({ UserPoolId: members.id, Username: userId }))
    return true
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return false
    throw error
  }
}

interface Seeded {
  checkedIn: string
  refunded: string
  waiting: string
  /** Paid the 2025 sponsor-fursuiter spot the waiting member waits for. */
  holder: string
  /** Registered in 2025 and in the kept 2026 edition. */
  returning: string
  /** Signed up, set a profile, never registered. */
  newcomer: string
}

describe.each(databaseKinds)('retention on %s', (kind) => {
  const sut = useTestApi(kind, () => ({ overrides: { memberAccounts: memberAccounts() } }))

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(sut.database.db, query)

  async function register(
    userId: string,
    tier: Parameters<typeof registrationRequest>[0],
    badgeName: string,
    accessNeeds?: string,
  ) {
    const token = await sut.memberToken(userId)
    const created = await sut.request('POST', '/registration', {
      token,
      body: {
        ...registrationRequest(tier, badgeName),
        ...(accessNeeds ? { access_needs: accessNeeds } : {}),
      },
    })
    expect(created.status).toBe(201)
    expect(await payCheckout(sut, checkoutSessionOf(created))).toBe('paid')
    const [row] = await rows<{ registration_id: string }>(
      sql`select registration_id from registrations where user_id = ${userId}::uuid and payment_status = 'paid'
          order by created_at desc limit 1`,
    )
    return row?.registration_id ?? ''
  }

  async function personalise(userId: string, handleName: string) {
    const token = await sut.memberToken(userId)
    const profile = await sut.request('PUT', '/profile', {
      token,
      body: { privacy: 'public', handle_name: handleName, urls: [] },
    })
    expect(profile.status).toBe(200)
    const info = await sut.request('PUT', '/registration/additional', {
      token,
      body: { club_activity_x_username: `${handleName}_x` },
    })
    expect(info.status).toBe(200)
  }

  /** The 2025 edition with a paid and checked-in, a refunded and a waiting-listed member, and a 2026 edition. */
  async function seed(): Promise<Seeded> {
    const seeded: Seeded = {
      checkedIn: await cognitoMember(),
      refunded: await cognitoMember(),
      waiting: await cognitoMember(),
      holder: await cognitoMember(),
      returning: await cognitoMember(),
      newcomer: await cognitoMember(),
    }
    sut.clock.set(at('2025-03-01T10:00:00+09:00'))
    const checkedIn = await register(seeded.checkedIn, 'fursuiter', 'Checked Fox')
    const refunded = await register(seeded.refunded, 'member', 'Refunded Wolf')
    await register(seeded.holder, 'sponsor_fursuiter', 'Holder Cat', 'Hearing aid, please face me')
    // The holder buys the tasting: its payment link is a person's checkout page too.
    const bought = await sut.request('POST', `/registration/addons/${cookingClubTastingCode}`, {
      token: await sut.memberToken(seeded.holder),
      body: { success_url: `${pwaUrl}/ja/mypage/dashboard`, cancel_url: `${pwaUrl}/ja/mypage/dashboard` },
    })
    expect(bought.status).toBe(201)
    sut.gateway.complete(checkoutSessionOf(bought))
    expect(await sut.api.registrations.addons.markPaid(checkoutSessionOf(bought))).toBe('paid')
    await register(seeded.returning, 'member', 'Returning Dog')
    const {
      success_url: _,
      cancel_url: __,
      ...fields
    } = registrationRequest('sponsor_fursuiter', 'Waiting Bear')
    const joined = await sut.request('POST', '/waiting-list', {
      token: await sut.memberToken(seeded.waiting),
      body: { ...fields, language: 'en' },
    })
    expect(joined.status).toBe(201)
    // Access needs stated in a details change are in its audit entry too (decision 185).
    const changed = await sut.request('PUT', '/registration/details', {
      token: await sut.memberToken(seeded.checkedIn),
      body: {
        registration_tier: 'fursuiter',
        badge_name: 'Checked Fox',
        changing_room_type: 'female',
        access_needs: 'Step-free route for Checked Fox',
      },
    })
    expect(changed.status).toBe(200)
    await personalise(seeded.checkedIn, 'checked')
    await personalise(seeded.returning, 'returning')
    await personalise(seeded.newcomer, 'newcomer')

    const refund = await sut.api.refunds.refundByStaff({
      registrationId: refunded,
      amountJpy: undefined,
      reason: 'Family emergency of Refunded Wolf',
      clientKey: randomUUID(),
      staffUserId: 'staff-desk',
      beyondPolicyAllowed: true,
    })
    expect(refund).toBeDefined()
    sut.clock.set(at('2025-05-10T10:05:00+09:00'))
    const item: CheckInItemWire = {
      id: randomUUID(),
      registration_id: checkedIn,
      device_id: 'door-a',
      device_name: 'Door A (Sato)',
      checked_in_at: new Date(sut.clock()).toISOString(),
      kind: 'check_in',
    }
    const uploaded = await sut.request('POST', '/admin/check-ins', {
      token: await sut.adminToken(),
      body: { items: [item] },
    })
    expect(uploaded.status).toBe(200)
    // Staff's note for the door says something about the person (decision 175).
    const noted = await sut.request('PUT', `/admin/registrations/${checkedIn}/attention`, {
      token: await sut.adminToken(),
      body: { flagged: true, note: 'Wheelchair access for Checked Fox' },
    })
    expect(noted.status).toBe(200)

    // The next edition, current and on sale, where the returning member registers again.
    const token = await sut.adminToken()
    const prepared = (await sut.request('POST', '/admin/editions/next', { token })).body as StoredEditionWire
    const saved = await sut.request('PUT', `/admin/editions/${prepared.edition.id}`, {
      token,
      body: {
        edition: {
          ...prepared.edition,
          event_date: '2026-06-20',
          registration: { opens_on: '2026-02-14', closes_on: '2026-06-19' },
          tiers: { ...prepared.edition.tiers, member: { ...prepared.edition.tiers.member, on_sale: true } },
        },
        version: prepared.version,
      },
    })
    expect(saved.status).toBe(200)
    const published = await sut.request('POST', `/admin/editions/${prepared.edition.id}/publish`, {
      token,
      body: { version: (saved.body as StoredEditionWire).version },
    })
    expect(published.status).toBe(200)
    sut.clock.set(at('2026-03-01T10:00:00+09:00'))
    await register(seeded.returning, 'member', 'Returning Dog 2026')
    return seeded
  }

  const dashboard2025 = async () => {
    const answer = await sut.request('GET', '/admin/dashboard?edition=2025', {
      token: await sut.adminToken(),
    })
    expect(answer.status).toBe(200)
    return answer.body as DashboardWire
  }

  async function personal2025() {
    return {
      registrations: await rows<Record<string, unknown>>(
        sql`select badge_name, t_shirt_size, changing_room_type, access_needs, payment_url from registrations
            where edition_id = '2025' order by registration_id`,
      ),
      kept: await rows<Record<string, unknown>>(
        sql`select registration_id, amount_jpy, payment_status, registration_tier, checkout_session_id, paid_at,
              created_at, user_id from registrations where edition_id = '2025' order by registration_id`,
      ),
      waiting: await rows(sql`select entry_id from waiting_list_entries where edition_id = '2025'`),
      deviceNames: await rows(sql`select device_name from check_ins where device_name is not null`),
      reasons: await rows(sql`select reason from registration_refunds where reason is not null`),
      refunds: await rows(
        sql`select registration_id, amount_jpy, provider_refund_id, refunded_at from registration_refunds`,
      ),
    }
  }

  const retentionAudit = async () =>
    rows<{ actor_id: string; details: Record<string, unknown> }>(
      sql`select actor_id, details from staff_audit where action = 'retentionRun' order by id`,
    )

  it('erases the due edition: the listed fields go, the accounts stay, figures add up, a second run changes nothing', async () => {
    const seeded = await seed()
    sut.clock.set(afterDue)
    const before = await personal2025()
    const figuresBefore = await dashboard2025()
    expect(before.registrations).toContainEqual(
      expect.objectContaining({ badge_name: 'Checked Fox', changing_room_type: 'female' }),
    )

    // The dry run lists what would go and changes nothing.
    const token = await sut.adminToken()
    const preview = await sut.request('GET', '/admin/retention', { token })
    expect(preview.status).toBe(200)
    const plan = preview.body as RetentionReportWire
    expect(plan).toMatchObject({ dry_run: true, changed: true, accounts: 4 })
    expect(plan.editions).toEqual([
      expect.objectContaining({ edition_id: '2026', due: false, registrations: 1 }),
      {
        edition_id: '2025',
        retention_ends_at: new Date(beforeDue).toISOString(),
        due: true,
        // The rows of the registrations' fields, and the tasting purchase's payment link.
        registrations: 6,
        check_ins: 1,
        mails: 0,
        waiting_list_entries: 1,
        refunds: 2,
        audit_entries: 3,
      },
    ])
    expect(await personal2025()).toEqual(before)
    expect(await retentionAudit()).toEqual([])

    const run = await sut.request('POST', '/admin/retention/run', { token })
    expect(run.status).toBe(200)
    expect(run.body).toMatchObject({ dry_run: false, changed: true, accounts: 4 })
    expect((run.body as RetentionReportWire).editions[1]).toMatchObject({
      edition_id: '2025',
      registrations: 6,
      check_ins: 1,
      waiting_list_entries: 1,
      refunds: 2,
      audit_entries: 3,
    })

    const after = await personal2025()
    expect(after.registrations).toEqual(
      before.registrations.map(() => ({
        badge_name: '',
        t_shirt_size: null,
        changing_room_type: null,
        access_needs: null,
        payment_url: null,
      })),
    )
    expect(after.kept).toEqual(before.kept)
    expect(await rows(sql`select payment_url from addon_purchases where payment_url is not null`)).toEqual([])
    expect(after.refunds).toEqual(before.refunds)
    expect(after).toMatchObject({ waiting: [], deviceNames: [], reasons: [] })
    expect(
      await rows(sql`select details from staff_audit where action = 'refund' and details ? 'reason'`),
    ).toEqual([])
    // The note goes; the trail keeps who changed it and when, without the text.
    expect(await rows(sql`select note from registration_attention`)).toEqual([])
    expect(await rows(sql`select details from staff_audit where action = 'attentionChanged'`)).toEqual([
      { details: {} },
    ])
    expect(
      JSON.stringify(
        await rows(sql`select details from staff_audit where action = 'participantChangedDetails'`),
      ),
    ).not.toContain('accessNeeds')

    // The figures of 2025 add up to the same numbers; nobody is left on its waiting list, no device is named.
    const figuresAfter = await dashboard2025()
    const withoutWaiting = (figures: DashboardWire) => figures.tiers.map(({ waiting: _, ...tier }) => tier)
    expect(withoutWaiting(figuresAfter)).toEqual(withoutWaiting(figuresBefore))
    expect(figuresAfter.tiers.map((tier) => tier.waiting)).toEqual([0, 0, 0, 0])
    expect(figuresAfter.registrations_per_day).toEqual(figuresBefore.registrations_per_day)
    expect(figuresAfter.check_ins_per_slot).toEqual(
      figuresBefore.check_ins_per_slot.map(({ device_name: _, ...slot }) => slot),
    )
    expect({ paid: figuresAfter.paid, checkedIn: figuresAfter.checked_in }).toEqual({
      paid: figuresBefore.paid,
      checkedIn: figuresBefore.checked_in,
    })

    // Accounts: gone for everyone whose registrations are all in 2025; kept for the returning member and the
    // newcomer who never registered.
    for (const gone of [seeded.checkedIn, seeded.refunded, seeded.waiting, seeded.holder]) {
      expect(await inCognito(gone)).toBe(false)
    }
    expect(await inCognito(seeded.returning)).toBe(true)
    expect(await inCognito(seeded.newcomer)).toBe(true)
    expect(
      await rows(sql`select user_id, email, erased_at is not null as erased from users
                     where user_id = ${seeded.checkedIn}::uuid`),
    ).toEqual([{ user_id: seeded.checkedIn, email: null, erased: true }])
    expect(await rows(sql`select handle_name from profiles order by handle_name`)).toEqual([
      { handle_name: 'newcomer' },
      { handle_name: 'returning' },
    ])
    expect(
      await rows(sql`select club_activity_x_username from registration_additional_info
                     order by club_activity_x_username`),
    ).toEqual([{ club_activity_x_username: 'newcomer_x' }, { club_activity_x_username: 'returning_x' }])
    // The returning member keeps everything of theirs in 2026.
    expect(
      await rows(sql`select badge_name from registrations where edition_id = '2026'
                     and user_id = ${seeded.returning}::uuid`),
    ).toEqual([{ badge_name: 'Returning Dog 2026' }])

    // A second run changes nothing and says so; both runs are in the audit trail.
    const again = await sut.request('POST', '/admin/retention/run', { token })
    expect(again.body).toMatchObject({ changed: false, accounts: 0 })
    expect((again.body as RetentionReportWire).editions[1]).toMatchObject({
      registrations: 0,
      check_ins: 0,
      mails: 0,
      waiting_list_entries: 0,
      refunds: 0,
      audit_entries: 0,
    })
    expect(await personal2025()).toEqual(after)
    const audited = await retentionAudit()
    expect(audited.map((entry) => [entry.details.changed, entry.details.accounts])).toEqual([
      [true, 4],
      [false, 0],
    ])
  })

  it('erases nothing before the end of the retention period, and its report says when it is due', async () => {
    const seeded = await seed()
    sut.clock.set(beforeDue)
    const before = await personal2025()

    const report = await runRetention(
      { db: sut.database.db, clock: sut.clock, logger: sut.logger, memberAccounts: memberAccounts() },
      { id: 'retention-job' },
    )

    expect(report).toMatchObject({ changed: false, accounts: 0 })
    expect(report.editions.find((edition) => edition.editionId === '2025')).toMatchObject({
      due: false,
      retentionEndsAt: beforeDue,
      registrations: 0,
    })
    expect(await personal2025()).toEqual(before)
    expect(await inCognito(seeded.checkedIn)).toBe(true)
    expect((await retentionAudit()).map((entry) => entry.actor_id)).toEqual(['retention-job'])
  })

  it('finishes on the next run what a run stopped midway left', async () => {
    const seeded = await seed()
    sut.clock.set(afterDue)
    const deps = {
      db: sut.database.db,
      clock: sut.clock,
      logger: sut.logger,
      memberAccounts: memberAccounts(),
    }

    await expect(
      runRetention(
        {
          ...deps,
          afterStep: ({ step }) => {
            if (step === 'waitingList') throw new Error('Stopped on purpose')
          },
        },
        { id: 'retention-job' },
      ),
    ).rejects.toThrow('Stopped on purpose')
    const stopped = await personal2025()
    // The steps before it are done, the stopped one rolled back whole.
    expect(stopped.deviceNames).toEqual([])
    expect(stopped.waiting).toHaveLength(1)
    expect(stopped.reasons).toHaveLength(1)
    expect(await inCognito(seeded.waiting)).toBe(false)
    expect(sut.logger.records.some((record) => record.msg.startsWith('Retention run stopped'))).toBe(true)

    const resumed = await runRetention(deps, { id: 'retention-job' })
    expect(resumed).toMatchObject({ changed: true, accounts: 0 })
    expect(resumed.editions.find((edition) => edition.editionId === '2025')).toMatchObject({
      registrations: 0,
      checkIns: 0,
      waitingListEntries: 1,
      refunds: 2,
    })
    expect(await personal2025()).toMatchObject({ waiting: [], reasons: [], deviceNames: [] })
    expect((await runRetention(deps, { id: 'retention-job' })).changed).toBe(false)
    expect((await retentionAudit()).map((entry) => entry.details.error ?? entry.details.changed)).toEqual([
      'Stopped on purpose',
      true,
      false,
    ])
  })
})

describe("the members pool's AdminDeleteUser through the SDK", () => {
  it('deletes the user, answers absent the second time, and rejects when Cognito cannot answer', async () => {
    const userId = await cognitoMember()
    const accounts = memberAccounts()

    await expect(accounts.delete(userId)).resolves.toBe('deleted')
    expect(await inCognito(userId)).toBe(false)
    await expect(accounts.delete(userId)).resolves.toBe('absent')

    const unreachable = createCognitoMemberAccounts({
      endpoint: 'http://127.0.0.1:9',
      region: 'ap-northeast-1',
      userPoolId: members.id,
      credentials: adminKey,
    })
    await expect(unreachable.delete(userId)).rejects.toThrow()
  })
})

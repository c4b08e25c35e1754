import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ParticipantWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { migrationsFolder } from '../src/server.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  payCheckout,
  registeredMember,
  registrationRequest,
  type TestApi,
  useTestApi,
} from './support/harness.ts'

/*
 * The short number on the badge (decision 189): 1, 2, 3… per edition in the order registrations are first paid,
 * given once inside the payment's transaction, unique however many pay at once, and back-filled by the migration
 * for registrations paid before it.
 */

/** Each registration's badge number as the participant list shows it to the desk. */
async function badgeNumbers(sut: TestApi): Promise<Map<string, number | undefined>> {
  const response = await sut.request('GET', '/admin/participants', {
    token: await sut.adminToken(undefined, ['desk']),
  })
  expect(response.status).toBe(200)
  const items = (response.body as { items: ParticipantWire[] }).items
  return new Map(
    items.flatMap((item) =>
      item.registration?.id === undefined
        ? []
        : [
            [
              item.registration.id,
              'badge_number' in item.registration ? item.registration.badge_number : undefined,
            ],
          ],
    ),
  )
}

describe.each(databaseKinds)('badge numbers on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 20 } })

  it('numbers registrations in the order they are paid, once, and none while pending', async () => {
    const first = await registeredMember(sut, 'member')
    const pending = await registeredMember(sut, 'fursuiter', { pay: false })
    const second = await registeredMember(sut, 'sponsor')
    // The same payment reported again keeps its number and takes no other.
    expect((await sut.api.registrations.markPaid(first.sessionId)).outcome).toBe('already_paid')
    const third = await registeredMember(sut, 'member')

    const numbers = await badgeNumbers(sut)
    expect([first, second, third].map((member) => numbers.get(member.registrationId))).toEqual([1, 2, 3])
    expect(numbers.get(pending.registrationId)).toBeUndefined()
    expect(numbers.has(pending.registrationId)).toBe(true)
  })

  it('gives twelve payments at once twelve different numbers, 1 to 12', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const token = await sut.memberToken()
        const created = await sut.request('POST', '/registration', {
          token,
          body: registrationRequest('member'),
        })
        expect(created.status).toBe(201)
        return checkoutSessionOf(created)
      }),
    )
    expect(await Promise.all(sessions.map((session) => payCheckout(sut, session)))).toEqual(
      sessions.map(() => 'paid'),
    )
    const numbers = [...(await badgeNumbers(sut)).values()].sort((a, b) => (a ?? 0) - (b ?? 0))
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, index) => index + 1))
  })

  it('back-fills registrations paid before the migration in the order they were paid, and goes on from there', async () => {
    const members = []
    for (const tier of ['member', 'fursuiter', 'sponsor'] as const) {
      members.push(await registeredMember(sut, tier))
      sut.clock.advance(60_000)
    }
    // The database as it was before migration 0024: no numbers, nothing issued.
    await sut.database.db.execute(sql`update registrations set badge_number = null`)
    await sut.database.db.execute(sql`update editions set badge_numbers_issued = 0`)
    const migration = readFileSync(join(migrationsFolder, '0026_badge_number.sql'), 'utf8')
    const backFill = migration
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n)*\s*UPDATE/m.test(statement))
    expect(backFill).toHaveLength(2)
    for (const statement of backFill) await sut.database.db.execute(sql.raw(statement))

    const numbers = await badgeNumbers(sut)
    expect(members.map((member) => numbers.get(member.registrationId))).toEqual([1, 2, 3])
    const next = await registeredMember(sut, 'member')
    expect((await badgeNumbers(sut)).get(next.registrationId)).toBe(4)
    const issued = await queryRows<{ n: number }>(
      sut.database.db,
      sql`select badge_numbers_issued as n from editions`,
    )
    expect(issued.map((row) => Number(row.n))).toContain(4)
  })
})

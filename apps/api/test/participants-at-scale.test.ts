import { firstEdition } from '@furfes/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { tierInventory } from '../src/db/schema.ts'
import { syncTierCapacities } from '../src/services/inventory.ts'
import { databaseKinds, useTestApi } from './support/harness.ts'

/*
 * The reception tablet keeps the whole participant list offline (decision 072) and searches it there: the
 * list route answers every participant at once, with no page limit, at the 5,000 the reception is built for
 * (decision 135).
 */

const count = 5000
const userId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const registrationId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`

describe.each(databaseKinds)(`the participant list at ${count} participants on %s`, (kind) => {
  const sut = useTestApi(kind)
  beforeEach(async () => {
    // Seeded in SQL: 5,000 sign-ups through the API would be a test of its own.
    await sut.database.db.execute(`
      insert into users (user_id, email, created_at)
      select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'user' || n || '@example.com',
        timestamptz '2025-03-01 00:00:00+09' + n * interval '1 second'
      from generate_series(1, ${count}) as n
    `)
    await sut.database.db.execute(`
      insert into registrations (registration_id, user_id, registration_tier, badge_name, payment_status,
        amount_jpy, expires_at, created_at, updated_at, paid_at, edition_id)
      select ('00000000-0000-4000-9000-' || lpad(n::text, 12, '0'))::uuid,
        ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
        (array['member', 'fursuiter', 'sponsor', 'sponsor_fursuiter'])[1 + n % 4],
        'きつね' || n, case when n % 10 = 0 then 'canceled' else 'paid' end, 5000,
        timestamptz '2025-03-02 00:00:00+09', timestamptz '2025-03-01 00:00:00+09',
        timestamptz '2025-03-01 00:00:00+09', timestamptz '2025-03-01 00:00:00+09', '${firstEdition.id}'
      from generate_series(1, ${count}) as n
    `)
    // A start after those rows were stored counts their spots (syncTierCapacities on a fresh inventory).
    await sut.database.db.delete(tierInventory)
    const capacity = count / 4
    await syncTierCapacities(sut.database.db, firstEdition.id, {
      member: capacity,
      fursuiter: capacity,
      sponsor: capacity,
      sponsor_fursuiter: capacity,
    })
  })

  it('answers every participant with their registration, in sign-up order', async () => {
    const admin = await sut.adminToken()
    const response = await sut.request('GET', '/admin/participants', { token: admin })
    expect(response.status).toBe(200)
    const items = (response.body as { items: { user: { user_id: string }; registration?: unknown }[] }).items
    expect(items).toHaveLength(count)
    expect(items.map((item) => item.user.user_id)).toEqual(
      Array.from({ length: count }, (_, i) => userId(i + 1)),
    )
    expect(items[count - 1]).toEqual({
      user: { user_id: userId(count), email: `user${count}@example.com` },
      registration: {
        id: registrationId(count),
        registration_tier: 'member',
        badge_name: `きつね${count}`,
        payment_status: 'canceled',
      },
    })
    expect(items[0]?.registration).toMatchObject({ registration_tier: 'fursuiter', payment_status: 'paid' })
  })
})

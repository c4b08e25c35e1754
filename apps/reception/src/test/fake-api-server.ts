import {
  type AdminWaitingListWire,
  type CheckInRecordWire,
  type CheckInResultWire,
  checkInUploadWireSchema,
  type DashboardWire,
  dashboardSlotMs,
  type FeatureFlagsWire,
  type FetchLike,
  featureFlagsWireSchema,
  type ParticipantWire,
  type RegistrationCodeKeySetWire,
  type RegistrationTier,
  registrationTierPriceJpy,
  registrationTiers,
} from '@furfes/core'

export const fakeAdminToken = 'fake-admin-token'

interface StoredRecord {
  seq: number
  record: CheckInRecordWire
  answer: CheckInResultWire
}

/**
 * The admin API as issue 10 specifies it, in memory: first check-in to arrive wins, per-item answers,
 * idempotent ids, audited undo, and an incremental cursor over the order records were stored in. Each
 * device gets its own `fetch`, which fails like a dead network while that device is offline.
 */
export interface FakeApiServer {
  participants: ParticipantWire[]
  /** GET /admin/waiting-list's items (decision 115). */
  waitingList: AdminWaitingListWire['items']
  keys: RegistrationCodeKeySetWire
  flags: FeatureFlagsWire
  /** Every stored record, in the order stored. */
  records(): CheckInRecordWire[]
  /** A fetch for one device; `isOnline` is read on each request. */
  fetchFor(isOnline: () => boolean): FetchLike
  /** The next upload is stored but its answer never arrives (the connection drops). */
  dropNextAnswer(): void
  /** Spots per tier, for GET /admin/dashboard. */
  capacities: Record<RegistrationTier, number>
  /** The sign-ups per day GET /admin/dashboard answers (the fake keeps no payment dates). */
  registrationsPerDay: DashboardWire['registrations_per_day']
  /** Records per page of GET /admin/check-ins. */
  pageSize: number
  now: () => number
}

export function createFakeApiServer(
  options: { participants?: ParticipantWire[]; keys?: RegistrationCodeKeySetWire; now?: () => number } = {},
): FakeApiServer {
  const stored: StoredRecord[] = []
  const byId = new Map<string, StoredRecord>()
  const inForce = new Map<string, string>()
  let dropNext = false

  const server: FakeApiServer = {
    participants: options.participants ?? [],
    waitingList: [],
    keys: options.keys ?? { keys: [] },
    flags: {
      is_new_club_activity_establishment_available: true,
      is_registration_available: true,
      is_under_maintenance: false,
    },
    capacities: { member: 100, fursuiter: 50, sponsor: 20, sponsor_fursuiter: 10 },
    registrationsPerDay: [],
    pageSize: 100,
    now: options.now ?? (() => Date.now()),
    records: () => stored.map((entry) => entry.record),
    dropNextAnswer: () => {
      dropNext = true
    },
    fetchFor(isOnline) {
      return async (input, init) => {
        if (!isOnline()) throw new TypeError('Failed to fetch')
        const url = new URL(input)
        const method = init.method ?? 'GET'
        if (url.pathname === '/.well-known/jwks.json') return json(200, server.keys)
        if (method === 'GET' && url.pathname === '/features') return json(200, server.flags)
        if (new Headers(init.headers).get('Authorization') !== `Bearer ${fakeAdminToken}`) {
          return json(401, { message: 'Unauthorized' })
        }
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
        const route = `${method} ${url.pathname}`
        if (route === 'GET /admin/participants') return json(200, { items: server.participants })
        if (route === 'GET /admin/waiting-list') return json(200, { items: server.waitingList })
        if (route === 'GET /admin/dashboard') return json(200, dashboard())
        if (route === 'PUT /admin/features') {
          server.flags = featureFlagsWireSchema.parse(body)
          return json(200, server.flags)
        }
        if (route === 'POST /admin/check-ins') {
          const parsed = checkInUploadWireSchema.safeParse(body)
          if (!parsed.success) return json(400, { message: 'invalidRequest' })
          const results = parsed.data.items.map((item) => receive(item))
          if (dropNext) {
            dropNext = false
            throw new TypeError('Failed to fetch')
          }
          return json(200, { results })
        }
        if (route === 'GET /admin/check-ins') {
          const since = Number(url.searchParams.get('since') ?? '0')
          const after = stored.filter((entry) => entry.seq > since)
          const page = after.slice(0, server.pageSize)
          const last = page.at(-1)?.seq ?? since
          return json(200, {
            items: page.map((entry) => entry.record),
            next_cursor: String(last),
            has_more: after.length > page.length,
          })
        }
        return json(404, { message: 'notFound' })
      }
    },
  }

  /** The figures the API would compute from the participants and the check-ins in force. */
  function dashboard(): DashboardWire {
    const tiers = registrationTiers.map((tier) => {
      const registrations = server.participants.flatMap((p) =>
        p.registration?.registration_tier === tier ? [p.registration] : [],
      )
      const paid = registrations.filter((r) => r.payment_status === 'paid')
      const pending = registrations.filter((r) => r.payment_status === 'pending').length
      const capacity = server.capacities[tier]
      const gross = paid.length * registrationTierPriceJpy[tier]
      return {
        registration_tier: tier,
        capacity,
        paid: paid.length,
        pending,
        spots_left: Math.max(capacity - paid.length - pending, 0),
        waiting: 0,
        revenue_gross_jpy: gross,
        revenue_refunded_jpy: 0,
        revenue_net_jpy: gross,
        checked_in: paid.filter((r) => r.id !== undefined && inForce.has(r.id)).length,
      }
    })
    const slots = new Map<string, DashboardWire['check_ins_per_slot'][number]>()
    for (const id of inForce.values()) {
      const record = byId.get(id)?.record
      if (!record) continue
      const start = Math.floor(Date.parse(record.checked_in_at) / dashboardSlotMs) * dashboardSlotMs
      const key = `${start} ${record.device_id}`
      const slot = slots.get(key) ?? {
        slot_start: new Date(start).toISOString(),
        device_id: record.device_id,
        ...(record.device_name === undefined ? {} : { device_name: record.device_name }),
        check_ins: 0,
      }
      slot.check_ins += 1
      slots.set(key, slot)
    }
    return {
      generated_at: new Date(server.now()).toISOString(),
      tiers,
      registrations_per_day: server.registrationsPerDay,
      check_ins_per_slot: [...slots.values()].sort(
        (a, b) => a.slot_start.localeCompare(b.slot_start) || a.device_id.localeCompare(b.device_id),
      ),
      checked_in: tiers.reduce((sum, tier) => sum + tier.checked_in, 0),
      paid: tiers.reduce((sum, tier) => sum + tier.paid, 0),
    }
  }

  function receive(
    item: CheckInRecordWire | Omit<CheckInRecordWire, 'status' | 'received_at'>,
  ): CheckInResultWire {
    const known = byId.get(item.id)
    if (known) return known.answer
    const answer = decide(item)
    const record: CheckInRecordWire = {
      id: item.id,
      registration_id: item.registration_id,
      device_id: item.device_id,
      ...(item.device_name === undefined ? {} : { device_name: item.device_name }),
      checked_in_at: item.checked_in_at,
      kind: item.kind,
      ...(item.undoes === undefined ? {} : { undoes: item.undoes }),
      status: answer.status,
      ...(answer.status === 'duplicate' ? { first_check_in_id: answer.first_check_in.id } : {}),
      ...(answer.status === 'rejected' ? { reason: answer.reason } : {}),
      received_at: new Date(server.now()).toISOString(),
    }
    const entry = { seq: stored.length + 1, record, answer }
    stored.push(entry)
    byId.set(item.id, entry)
    return answer
  }

  function decide(item: Omit<CheckInRecordWire, 'status' | 'received_at'>): CheckInResultWire {
    const registration = server.participants.find(
      (p) => p.registration?.id === item.registration_id,
    )?.registration
    if (!registration) return { id: item.id, status: 'rejected', reason: 'unknown_registration' }
    // Only a paid registration may be checked in (decision 078); an undo is decided on its target alone.
    if (item.kind === 'check_in' && registration.payment_status !== 'paid') {
      const reason = registration.payment_status === 'canceled' ? 'canceled' : 'not_paid'
      return { id: item.id, status: 'rejected', reason }
    }
    if (item.kind === 'undo') {
      const target = item.undoes === undefined ? undefined : byId.get(item.undoes)
      if (!target) return { id: item.id, status: 'rejected', reason: 'undo_target_not_found' }
      if (inForce.get(target.record.registration_id) !== target.record.id) {
        return { id: item.id, status: 'rejected', reason: 'undo_target_not_active' }
      }
      inForce.delete(target.record.registration_id)
      return { id: item.id, status: 'accepted' }
    }
    const firstId = inForce.get(item.registration_id)
    const first = firstId === undefined ? undefined : byId.get(firstId)?.record
    if (first) {
      return {
        id: item.id,
        status: 'duplicate',
        first_check_in: {
          id: first.id,
          device_id: first.device_id,
          ...(first.device_name === undefined ? {} : { device_name: first.device_name }),
          checked_in_at: first.checked_in_at,
        },
      }
    }
    inForce.set(item.registration_id, item.id)
    return { id: item.id, status: 'accepted' }
  }

  return server
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

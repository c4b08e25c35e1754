import {
  type AdminAnnouncementWire,
  type AdminRegistrationWire,
  type AdminTimetableWire,
  type AdminWaitingListWire,
  type AuditEntryWire,
  type AutomaticRefundWire,
  announcementCorrectionWireSchema,
  announcementPublicationWireSchema,
  attentionRequestWireSchema,
  auditExportWireSchema,
  type BadgePrintStatus,
  badgePrintUploadWireSchema,
  type ChangingRoomType,
  type CheckInItemWire,
  type CheckInRecordWire,
  type CheckInRefusalReason,
  type CheckInResultWire,
  changingRoomTypes,
  checkInUploadWireSchema,
  complimentaryKinds,
  complimentaryRegistrationRequestWireSchema,
  countDoorGoods,
  type DashboardWire,
  dashboardSlotMs,
  type EditionChangeWire,
  type EditionWire,
  type EventCancellationRunWire,
  editionCodec,
  editionPhase,
  editionPublishWireSchema,
  editionSaveWireSchema,
  editionToWire,
  eventCancelledRefundJpy,
  type FeatureFlagsWire,
  type FetchLike,
  featureFlagsWireSchema,
  firstEdition,
  type GoodsTickItemWire,
  goodsTickUploadWireSchema,
  invalidRequestBody,
  nextEditionDraft,
  type ParticipantWire,
  parseCompactRegistrationCode,
  policyRefundJpy,
  publicEditionCodec,
  type RefundListWire,
  type RefundQuoteWire,
  type RefundWire,
  type RegistrationCodeKeySetWire,
  type RegistrationTier,
  refundPercentages,
  refundPeriodAt,
  refundRequestWireSchema,
  registrationTierPriceJpy,
  registrationTiers,
  type StaffMemberWire,
  type StaffRole,
  type StoredEditionWire,
  seededAddonProducts,
  sessionFromWire,
  sessionToWire,
  sortedSessions,
  staffInvitationWireSchema,
  staffRoleChangeWireSchema,
  type TShirtSize,
  timetablePublishWireSchema,
  timetableSaveWireSchema,
  timetableSessionsSchema,
  tShirtSizes,
} from '@furfes/core'
import { UnsecuredJWT } from 'jose'

/**
 * A staff access token as the screens read it: unsigned, carrying the staff roles as `cognito:groups` (the
 * fake API checks only that it is one of these).
 */
export function fakeStaffToken(roles: readonly StaffRole[]): string {
  return new UnsecuredJWT({ 'cognito:groups': [...roles], token_use: 'access' })
    .setSubject('staff-1')
    .encode()
}

/** The token of a committee member, who may do everything. */
export const fakeAdminToken = fakeStaffToken(['committee'])

const fakeStaffTokens = new Set(
  [[], ['door'], ['desk'], ['committee']].map((roles) => `Bearer ${fakeStaffToken(roles as StaffRole[])}`),
)

interface StoredRecord {
  seq: number
  record: CheckInRecordWire
  answer: CheckInResultWire
}

/**
 * The admin API as the contract defines it, in memory: first check-in to arrive wins, per-item answers,
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
  /** Refunds made, by registration id, with the client's key (decision 111). */
  refunds: Map<string, { refund: RefundWire; key: string }>
  /** Payments refunded automatically, by registration id (decision 141): GET …/refund answers them. */
  automaticRefunds: Map<string, AutomaticRefundWire>
  /** Every POST /admin/registrations/{id}/refund body received. */
  refundRequests: unknown[]
  /** Every PUT /admin/registrations/{id}/attention body received (decision 175). */
  attentionRequests: unknown[]
  /** Every POST /admin/registrations/complimentary body received (decision 185). */
  complimentaryRequests: unknown[]
  /** The registration ids whose receipt was asked to be sent again, in order (decision 191). */
  receiptResends: string[]
  /** GET /admin/refunds' items (decision 191), of the current edition. */
  refundList: RefundListWire['items']
  /** Stripe payment ids (cs_… or pi_…) and the registration each paid, for GET /admin/payments/{id}. */
  payments: Map<string, string>
  /** Every goods tick uploaded (decision 180), resends included. */
  goodsTickUploads: GoodsTickItemWire[]
  /** The next refunds fail at the provider (502 refundFailed), leaving the registration paid. */
  failNextRefunds(count?: number): void
  /** The event-cancelled run: each GET of its progress refunds one more paid registration (decision 113). */
  eventRun: EventCancellationRunWire | undefined
  /** The editions (decision 155), the latest event first; the first edition is current. */
  editions: StoredEditionWire[]
  /**
   * What the staff reads answer with `?edition=` naming a past edition (decision 158), by edition id; an id in
   * neither `editions` nor here answers 404. The fake keeps no check-ins of a past edition.
   */
  pastEditions: Record<
    string,
    { participants: ParticipantWire[]; waitingList: AdminWaitingListWire['items'] }
  >
  /** Every PUT /admin/editions/{id} body received. */
  editionSaves: unknown[]
  /** The current edition's timetable draft and versions (decision 172), as GET …/timetable answers them. */
  timetable: AdminTimetableWire
  /** Every PUT /admin/editions/{id}/timetable body received. */
  timetableSaves: unknown[]
  /** The current edition's announcements, newest first (decision 173), as GET /admin/announcements answers them. */
  announcements: AdminAnnouncementWire[]
  /** Every announcement request received, as `METHOD path` and its body. */
  announcementRequests: { route: string; body: unknown }[]
  /** The admins pool's staff (decision 157); the fake tokens' user is `staff-1`. */
  staff: StaffMemberWire[]
  /** The audit trail, newest first, as GET /admin/audit pages it (`auditPageSize` per page). */
  audit: AuditEntryWire[]
  auditPageSize: number
  /** Every GET /admin/audit query received. */
  auditQueries: URLSearchParams[]
}

/** The user the fake staff tokens are of. */
export const fakeStaffUser = 'staff-1'

export function createFakeApiServer(
  options: { participants?: ParticipantWire[]; keys?: RegistrationCodeKeySetWire; now?: () => number } = {},
): FakeApiServer {
  const stored: StoredRecord[] = []
  const editionChanges: EditionChangeWire[] = []
  const byId = new Map<string, StoredRecord>()
  const inForce = new Map<string, string>()
  const badgePrintAnswers = new Map<string, BadgePrintStatus>()
  let dropNext = false
  let refundFailures = 0

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
    editions: [
      {
        edition: editionToWire(firstEdition),
        status: 'published',
        version: 1,
        current: true,
        updated_at: '2025-03-01T01:00:00.000Z',
        updated_by: null,
      },
    ],
    editionSaves: [],
    timetable: {
      edition_id: firstEdition.id,
      draft: { sessions: [], revision: 0, updated_at: null, updated_by: null },
      versions: [],
    },
    timetableSaves: [],
    announcements: [],
    announcementRequests: [],
    pastEditions: {},
    registrationsPerDay: [],
    pageSize: 100,
    now: options.now ?? (() => Date.now()),
    records: () => stored.map((entry) => entry.record),
    refunds: new Map(),
    automaticRefunds: new Map(),
    eventRun: undefined,
    staff: [],
    audit: [],
    auditPageSize: 50,
    auditQueries: [],
    goodsTickUploads: [],
    refundRequests: [],
    attentionRequests: [],
    complimentaryRequests: [],
    receiptResends: [],
    refundList: [],
    payments: new Map(),
    failNextRefunds: (count = 1) => {
      refundFailures += count
    },
    dropNextAnswer: () => {
      dropNext = true
    },
    fetchFor(isOnline) {
      return async (input, init) => {
        if (!isOnline()) throw new TypeError('Failed to fetch')
        const url = new URL(input)
        const method = init.method ?? 'GET'
        if (url.pathname === '/.well-known/jwks.json') return json(200, server.keys)
        if (method === 'GET' && url.pathname === '/edition') return json(200, publicEdition())
        if (method === 'GET' && url.pathname === '/features') return json(200, server.flags)
        if (!fakeStaffTokens.has(new Headers(init.headers).get('Authorization') ?? '')) {
          return json(401, { message: 'Unauthorized' })
        }
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
        const route = `${method} ${url.pathname}`
        const edition = url.searchParams.get('edition')
        const past = edition === null ? undefined : server.pastEditions[edition]
        if (edition !== null && !past && !server.editions.some((entry) => entry.edition.id === edition)) {
          return json(404, { message: 'notFound' })
        }
        if (route === 'GET /admin/participants') return json(200, { items: (past ?? server).participants })
        if (route === 'GET /admin/waiting-list') return json(200, { items: (past ?? server).waitingList })
        if (route === 'GET /admin/refunds') return json(200, { items: past ? [] : server.refundList })
        if (route === 'GET /admin/dashboard') return json(200, dashboard(past?.participants))
        if (route === 'GET /admin/check-ins' && past) {
          return json(200, { items: [], next_cursor: '0', has_more: false })
        }
        if (url.pathname.startsWith('/admin/event-cancellation')) return eventCancellationRoute(route, body)
        if (/^\/admin\/editions\/[^/]+\/timetable/.test(url.pathname)) return timetableRoute(route, body)
        if (url.pathname.startsWith('/admin/announcements')) return announcementRoute(route, body)
        if (url.pathname.startsWith('/admin/editions')) return editionRoute(route, body)
        if (route === 'POST /admin/registrations/complimentary') return complimentaryRoute(body)
        const receiptOf = /^\/admin\/registrations\/([^/]+)\/receipt$/.exec(url.pathname)?.[1]
        if (method === 'POST' && receiptOf !== undefined) return receiptRoute(receiptOf)
        const paymentOf = /^\/admin\/payments\/([^/]+)$/.exec(url.pathname)?.[1]
        if (method === 'GET' && paymentOf !== undefined) {
          const registrationId = server.payments.get(decodeURIComponent(paymentOf))
          const listed = (past ?? server).participants.some((p) => p.registration?.id === registrationId)
          return registrationId !== undefined && listed
            ? json(200, { registration_id: registrationId })
            : json(404, { message: 'paymentNotFound' })
        }
        const attentionOf = /^\/admin\/registrations\/([^/]+)\/attention$/.exec(url.pathname)?.[1]
        if (method === 'PUT' && attentionOf !== undefined) return attentionRoute(attentionOf, body)
        const addonRefund = /^\/admin\/registrations\/([^/]+)\/addons\/([^/]+)\/refund$/.exec(url.pathname)
        if (method === 'POST' && addonRefund)
          return addonRefundRoute(addonRefund[1] ?? '', addonRefund[2] ?? '')
        const refundOf = /^\/admin\/registrations\/([^/]+)\/refund$/.exec(url.pathname)?.[1]
        if (refundOf !== undefined) return refundRoute(method, refundOf, body)
        if (url.pathname.startsWith('/admin/staff') || url.pathname.startsWith('/admin/audit')) {
          return staffRoute(route, url, body)
        }
        if (route === 'PUT /admin/features') {
          const flags = featureFlagsWireSchema.parse(body)
          const cancelled = server.flags.is_event_cancelled === true
          if (cancelled && flags.is_registration_available) return json(409, { message: 'eventCancelled' })
          server.flags = { ...flags, ...(cancelled ? { is_event_cancelled: true } : {}) }
          return json(200, server.flags)
        }
        if (route === 'POST /admin/badge-prints') return badgePrintRoute(body)
        if (route === 'POST /admin/goods-ticks') return goodsTickRoute(body)
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

  /** POST /admin/registrations/complimentary as the API answers it: the member found by address, registered paid. */
  function complimentaryRoute(body: unknown): Response {
    server.complimentaryRequests.push(body)
    const parsed = complimentaryRegistrationRequestWireSchema.safeParse(body)
    if (!parsed.success) return json(400, invalidRequestBody(parsed.error))
    const { email, kind, language: _, ...fields } = parsed.data
    const index = server.participants.findIndex((p) => p.user.email?.toLowerCase() === email.toLowerCase())
    const found = server.participants[index]
    if (!found) return json(404, { message: 'complimentaryNoAccount' })
    const registration: AdminRegistrationWire = {
      id: crypto.randomUUID(),
      ...fields,
      payment_status: 'paid',
      complimentary: kind,
    }
    server.participants[index] = { ...found, registration }
    return json(201, registration)
  }

  /** POST /admin/registrations/{id}/receipt as the API answers it: a paid registration's receipt queued, audited. */
  function receiptRoute(registrationId: string): Response {
    const found = server.participants.find((p) => p.registration?.id === registrationId)
    if (!found?.registration) return json(404, { message: 'notFound' })
    if (found.registration.payment_status !== 'paid') return json(409, { message: 'receiptNotPaid' })
    server.receiptResends.push(registrationId)
    audited('receiptResent', registrationId, {})
    return new Response(null, { status: 204 })
  }

  /** PUT /admin/registrations/{id}/attention as the API answers it: validated, stored on the participant. */
  function attentionRoute(registrationId: string, body: unknown): Response {
    server.attentionRequests.push(body)
    const parsed = attentionRequestWireSchema.safeParse(body)
    if (!parsed.success) return json(400, invalidRequestBody(parsed.error))
    const index = server.participants.findIndex((p) => p.registration?.id === registrationId)
    const found = server.participants[index]
    if (!found) return json(404, { message: 'notFound' })
    const { attention: _, ...rest } = found
    const cleared = !parsed.data.flagged && parsed.data.note === ''
    server.participants[index] = cleared ? rest : { ...rest, attention: parsed.data }
    return json(200, parsed.data)
  }

  /**
   * The committee's announcement routes, as the API answers them (decision 173): a publication with mail queues
   * one mail per paid participant of the tiers chosen (every tier when none).
   */
  function announcementRoute(route: string, body: unknown): Response {
    server.announcementRequests.push({ route, body })
    if (route === 'GET /admin/announcements') return json(200, { items: server.announcements })
    if (route === 'POST /admin/announcements') {
      const { id, mail, ...content } = announcementPublicationWireSchema.parse(body)
      const at = new Date(server.now()).toISOString()
      const paid = server.participants.filter(({ registration }) => {
        if (registration?.payment_status !== 'paid') return false
        return mail?.tiers.length === 0 || mail?.tiers.includes(registration.registration_tier)
      })
      const announcement: AdminAnnouncementWire = {
        id,
        ...content,
        published_at: at,
        updated_at: at,
        edition_id: firstEdition.id,
        revision: 1,
        published_by: fakeStaffUser,
        withdrawn_at: null,
        mail: mail ? { tiers: mail.tiers, queued: paid.length, sent: 0, failed: 0, skipped: 0 } : null,
      }
      server.announcements.unshift(announcement)
      return json(201, announcement)
    }
    const [, id, action] = /^\w+ \/admin\/announcements\/([^/]+)\/?(\w*)$/.exec(route) ?? []
    const announcement = server.announcements.find((item) => item.id === id)
    if (!announcement) return json(404, { message: 'notFound' })
    if (announcement.withdrawn_at !== null) return json(409, { message: 'announcementWithdrawn' })
    if (route.startsWith('PUT') && action === '') {
      const { revision, ...content } = announcementCorrectionWireSchema.parse(body)
      if (revision !== announcement.revision) return json(409, { message: 'announcementChanged' })
      Object.assign(announcement, content, { revision: revision + 1 })
      return json(200, announcement)
    }
    if (action === 'withdraw') {
      announcement.withdrawn_at = new Date(server.now()).toISOString()
      return json(200, announcement)
    }
    return json(404, { message: 'notFound' })
  }

  /** The committee's timetable routes, as the API answers them: the draft over its revision, versions (decision 172). */
  function timetableRoute(route: string, body: unknown): Response {
    const path = `/admin/editions/${server.timetable.edition_id}/timetable`
    const { draft } = server.timetable
    if (route === `GET ${path}`) return json(200, server.timetable)
    if (route === `PUT ${path}`) {
      server.timetableSaves.push(body)
      const save = timetableSaveWireSchema.parse(body)
      if (save.revision !== draft.revision) return json(409, { message: 'timetableChanged' })
      const checked = timetableSessionsSchema.safeParse(save.sessions.map(sessionFromWire))
      if (!checked.success) return json(400, { message: 'timetableInvalid' })
      server.timetable.draft = {
        sessions: sortedSessions(checked.data).map(sessionToWire),
        revision: draft.revision + 1,
        updated_at: new Date(server.now()).toISOString(),
        updated_by: fakeStaffUser,
      }
      return json(200, server.timetable)
    }
    if (route === `POST ${path}/publish`) {
      const { revision } = timetablePublishWireSchema.parse(body)
      if (revision !== draft.revision) return json(409, { message: 'timetableChanged' })
      server.timetable.versions.unshift({
        version: server.timetable.versions.length + 1,
        published_at: new Date(server.now()).toISOString(),
        published_by: fakeStaffUser,
        session_count: draft.sessions.length,
      })
      return json(200, server.timetable)
    }
    return json(404, { message: 'notFound' })
  }

  /**
   * The badge desk's printed marks as the API decides them (decision 170): kept on the participants' badge_print,
   * the first mark stands until a reprint is asked for, an id sent again is answered as before.
   */
  function badgePrintRoute(body: unknown): Response {
    const parsed = badgePrintUploadWireSchema.safeParse(body)
    if (!parsed.success) return json(400, { message: 'invalidRequest' })
    const results = parsed.data.items.map((item) => {
      const known = badgePrintAnswers.get(item.id)
      if (known) return { id: item.id, status: known }
      const participant = server.participants.find((p) => p.registration?.id === item.registration_id)
      const inForce = participant?.badge_print
      const status = !participant
        ? 'rejected'
        : item.kind === 'mark'
          ? inForce && !inForce.reprint_needed
            ? 'duplicate'
            : 'accepted'
          : inForce
            ? 'accepted'
            : 'duplicate'
      if (participant && status === 'accepted') {
        if (item.kind === 'unmark') delete participant.badge_print
        else {
          participant.badge_print = {
            printed_at: item.marked_at,
            ...(item.device_name ? { device_name: item.device_name } : {}),
            reprint_needed: false,
          }
        }
      }
      badgePrintAnswers.set(item.id, status)
      return { id: item.id, status }
    })
    return json(200, { results })
  }

  /**
   * Goods ticks as the API decides them (decision 180): kept on the participants' goods_handed, the first tick of
   * a line stands, an id sent again is answered as before. Every upload is counted in `goodsTickUploads`.
   */
  function goodsTickRoute(body: unknown): Response {
    const parsed = goodsTickUploadWireSchema.safeParse(body)
    if (!parsed.success) return json(400, { message: 'invalidRequest' })
    server.goodsTickUploads.push(...parsed.data.items)
    const results = parsed.data.items.map((item) => {
      const known = badgePrintAnswers.get(item.id)
      if (known) return { id: item.id, status: known }
      const participant = server.participants.find((p) => p.registration?.id === item.registration_id)
      const lines = participant?.goods_handed ?? []
      const ticked = lines.some((line) => line.goods === item.goods)
      const status = !participant ? 'rejected' : ticked === (item.kind === 'mark') ? 'duplicate' : 'accepted'
      if (participant && status === 'accepted') {
        participant.goods_handed =
          item.kind === 'unmark'
            ? lines.filter((line) => line.goods !== item.goods)
            : [
                ...lines,
                {
                  goods: item.goods,
                  handed_at: item.marked_at,
                  ...(item.device_name ? { device_name: item.device_name } : {}),
                },
              ]
      }
      badgePrintAnswers.set(item.id, status)
      return { id: item.id, status }
    })
    return json(200, { results })
  }

  /** The committee's edition routes, as the API answers them: versions, drafts and publishing (decision 155). */
  function editionRoute(route: string, body: unknown): Response {
    const stamp = (entry: StoredEditionWire, changes: Partial<StoredEditionWire>): StoredEditionWire => ({
      ...entry,
      ...changes,
      version: entry.version + 1,
      updated_at: new Date(server.now()).toISOString(),
      updated_by: 'staff-1',
    })
    const recordChange = (
      action: EditionChangeWire['action'],
      before: EditionWire | null,
      after: EditionWire,
    ) =>
      editionChanges.push({
        action,
        staff_user_id: 'staff-1',
        changed_at: new Date(server.now()).toISOString(),
        before,
        after,
      })
    if (route === 'GET /admin/editions') return json(200, { items: server.editions })
    if (route === 'POST /admin/editions/next') {
      const current = server.editions.find((entry) => entry.current)
      if (!current || server.editions.some((entry) => entry.status === 'draft')) {
        return json(409, { message: 'editionExists' })
      }
      const draft = editionToWire(nextEditionDraft(editionCodec.decode(current.edition)))
      const stored = { ...stamp(current, { edition: draft, status: 'draft', current: false }), version: 1 }
      server.editions = [stored, ...server.editions]
      recordChange('created', null, draft)
      return json(201, stored)
    }
    const [, id, action] = /^\w+ \/admin\/editions\/([^/]+)(?:\/(\w+))?$/.exec(route) ?? []
    const index = server.editions.findIndex((entry) => entry.edition.id === id)
    const entry = server.editions[index]
    if (!entry) return json(404, { message: 'notFound' })
    if (route.startsWith('GET ') && action === 'changes') {
      return json(200, { items: editionChanges.filter((change) => change.after.id === id) })
    }
    if (route.startsWith('PUT ') && action === undefined) {
      server.editionSaves.push(body)
      const save = editionSaveWireSchema.parse(body)
      if (save.version !== entry.version) return json(409, { message: 'editionChanged' })
      const saved = stamp(entry, { edition: save.edition })
      server.editions[index] = saved
      recordChange('updated', entry.edition, save.edition)
      return json(200, saved)
    }
    if (route.startsWith('POST ') && action === 'publish') {
      if (editionPublishWireSchema.parse(body).version !== entry.version) {
        return json(409, { message: 'editionChanged' })
      }
      server.editions = server.editions.map((other) => ({ ...other, current: false }))
      const published = stamp(entry, { status: 'published', current: true })
      server.editions[index] = published
      recordChange('published', entry.edition, entry.edition)
      return json(200, published)
    }
    return json(404, { message: 'notFound' })
  }

  /** GET /edition: the current edition without its venue, and its phase at the fake's clock. */
  function publicEdition() {
    const current = server.editions.find((entry) => entry.current) ?? server.editions[0]
    if (!current) throw new Error('The fake API has no edition')
    const edition = editionCodec.decode(current.edition)
    return publicEditionCodec.encode({
      edition: { ...edition, venue: null },
      phase: editionPhase(edition, server.now()),
    })
  }

  /** The figures the API would compute from the participants and the check-ins in force. */
  function dashboard(ofPast?: ParticipantWire[]): DashboardWire {
    const tiers = registrationTiers.map((tier) => {
      const registrations = (ofPast ?? server.participants).flatMap((p) =>
        p.registration?.registration_tier === tier ? [p.registration] : [],
      )
      const paid = registrations.filter((r) => r.payment_status === 'paid')
      const pending = registrations.filter((r) => r.payment_status === 'pending').length
      const capacity = server.capacities[tier]
      // A complimentary registration (decision 185) is paid with 0 JPY.
      const gross =
        paid.filter((r) => !('complimentary' in r && r.complimentary)).length * registrationTierPriceJpy[tier]
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
    for (const id of ofPast ? [] : inForce.values()) {
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
      ...doorGoods(ofPast ?? server.participants),
      addons: addonFigures(ofPast ?? server.participants),
      complimentary: complimentaryKinds.map((kind) => ({
        kind,
        paid: (ofPast ?? server.participants).filter(
          ({ registration }) =>
            registration?.payment_status === 'paid' && registration.complimentary === kind,
        ).length,
      })),
    }
  }

  /** The desk refunds one add-on alone (decision 178): the full price back, the ticket off the participant. */
  function addonRefundRoute(registrationId: string, code: string): Response {
    const participant = server.participants.find((p) => p.registration?.id === registrationId)
    if (!participant?.addons?.some((addon) => addon.code === code))
      return json(409, { message: 'addonNotBought' })
    const { addons, ...rest } = participant
    const left = addons?.filter((addon) => addon.code !== code) ?? []
    server.participants = server.participants.map((p) =>
      p === participant ? { ...rest, ...(left.length > 0 ? { addons: left } : {}) } : p,
    )
    const at = new Date(server.now()).toISOString()
    return json(200, {
      purchase_id: crypto.randomUUID(),
      status: 'refunded',
      amount_jpy: 500,
      purchased_at: at,
      paid_at: at,
      refunded_at: at,
    })
  }

  /** Each add-on's places as the API counts them (decision 178): paid by the paid participants; none held. */
  function addonFigures(participants: ParticipantWire[]): NonNullable<DashboardWire['addons']> {
    return seededAddonProducts(firstEdition).map((product) => ({
      code: product.code,
      name_ja: product.name.ja,
      name_en: product.name.en,
      capacity: product.capacity,
      paid: participants.filter(
        ({ registration, addons }) =>
          registration?.payment_status === 'paid' && addons?.some((addon) => addon.code === product.code),
      ).length,
      pending: 0,
    }))
  }

  /** The goods figures as the API counts them (decision 180), over the participants' goods_handed. */
  function doorGoods(participants: ParticipantWire[]): Pick<DashboardWire, 'goods' | 'changing_rooms'> {
    const door = countDoorGoods(
      participants.flatMap(({ registration, goods_handed }) =>
        registration?.payment_status === 'paid'
          ? [
              {
                tier: registration.registration_tier,
                tShirtSize: registration.t_shirt_size,
                changingRoomType: registration.changing_room_type,
                handed: new Set(goods_handed?.map((line) => line.goods)),
              },
            ]
          : [],
      ),
      tShirtSizes,
      changingRoomTypes,
    )
    return {
      goods: door.goods.map(({ goods, tShirtSize, expected, handedOut }) => ({
        goods,
        ...(tShirtSize === undefined ? {} : { t_shirt_size: tShirtSize as TShirtSize }),
        expected,
        handed_out: handedOut,
      })),
      changing_rooms: door.changingRooms.map(({ changingRoomType, paid }) => ({
        changing_room_type: changingRoomType as ChangingRoomType,
        paid,
      })),
    }
  }

  /** The event-cancelled refund routes, over the participant list (decision 113). */
  function eventCancellationRoute(route: string, body: unknown): Response {
    const paid = () => server.participants.filter((p) => p.registration?.payment_status === 'paid')
    const expenses = (body as { expenses_per_person_jpy?: number } | undefined)?.expenses_per_person_jpy ?? 0
    if (route === 'POST /admin/event-cancellation/dry-run') {
      const tiers = registrationTiers.map((tier) => {
        const mine = paid().filter((p) => p.registration?.registration_tier === tier)
        const fee = registrationTierPriceJpy[tier]
        return {
          registration_tier: tier,
          paid_registrations: mine.length,
          gross_jpy: mine.length * fee,
          refund_total_jpy: mine.length * eventCancelledRefundJpy(fee, expenses),
        }
      })
      const sum = (pick: (tier: (typeof tiers)[number]) => number) =>
        tiers.reduce((n, tier) => n + pick(tier), 0)
      return json(200, {
        expenses_per_person_jpy: expenses,
        paid_registrations: sum((tier) => tier.paid_registrations),
        gross_jpy: sum((tier) => tier.gross_jpy),
        expenses_total_jpy: sum((tier) => tier.gross_jpy - tier.refund_total_jpy),
        refund_total_jpy: sum((tier) => tier.refund_total_jpy),
        tiers,
      })
    }
    if (route === 'POST /admin/event-cancellation') {
      // Starting the run closes registration for good, as the API does.
      server.flags = { ...server.flags, is_registration_available: false, is_event_cancelled: true }
      server.eventRun ??= {
        run_id: '00000000-0000-4000-8000-00000000e0e0',
        status: 'running',
        expenses_per_person_jpy: expenses,
        total_registrations: paid().length,
        refunded: 0,
        failed: 0,
        started_at: new Date(server.now()).toISOString(),
      }
      return json(202, server.eventRun)
    }
    if (route === 'GET /admin/event-cancellation') {
      const run = server.eventRun
      if (!run) return json(404, { message: 'notFound' })
      const next = paid()[0]
      if (run.status === 'running' && next?.registration) {
        next.registration = { ...next.registration, payment_status: 'canceled' }
        run.refunded++
      } else if (run.status === 'running') {
        run.status = 'finished'
        run.finished_at = new Date(server.now()).toISOString()
      }
      return json(200, run)
    }
    return json(404, { message: 'notFound' })
  }

  /** GET and POST /admin/registrations/{id}/refund, as the API answers them (decision 111). */
  function refundRoute(method: string, registrationId: string, body: unknown): Response {
    const participant = server.participants.find((p) => p.registration?.id === registrationId)
    const registration = participant?.registration
    if (!participant || !registration) return json(404, { message: 'notFound' })
    const fee = registrationTierPriceJpy[registration.registration_tier]
    const now = server.now()
    const policyAmount = policyRefundJpy(fee, now)
    const made = server.refunds.get(registrationId)
    if (method === 'GET') {
      const period = refundPeriodAt(now)
      const quote: RefundQuoteWire = {
        registration_id: registrationId,
        payment_status: registration.payment_status,
        fee_jpy: fee,
        policy_period: period,
        policy_percentage: refundPercentages[period],
        policy_refund_jpy: policyAmount,
        ...(made ? { refund: made.refund } : {}),
      }
      const automatic = server.automaticRefunds.get(registrationId)
      return json(200, automatic ? { ...quote, automatic_refund: automatic } : quote)
    }
    server.refundRequests.push(body)
    const request = refundRequestWireSchema.safeParse(body)
    if (!request.success) return json(400, { message: 'invalidRequest' })
    if (made) {
      return made.key === request.data.idempotency_key
        ? json(200, made.refund)
        : json(409, { message: 'alreadyRefunded' })
    }
    if (registration.payment_status !== 'paid') return json(409, { message: 'registrationNotPaid' })
    const amount = request.data.amount_jpy ?? policyAmount
    if (amount > fee) return json(400, { message: 'refundAmountTooLarge' })
    if (amount !== policyAmount && !request.data.reason) return json(400, { message: 'refundReasonRequired' })
    if (refundFailures > 0) {
      refundFailures--
      return json(502, { message: 'refundFailed' })
    }
    const refund: RefundWire = {
      registration_id: registrationId,
      amount_jpy: amount,
      policy_amount_jpy: policyAmount,
      ...(request.data.reason ? { reason: request.data.reason } : {}),
      source: 'staff',
      staff_user_id: 'fake-admin',
      refunded_at: new Date(now).toISOString(),
    }
    server.refunds.set(registrationId, { refund, key: request.data.idempotency_key })
    participant.registration = { ...registration, payment_status: 'canceled' }
    return json(200, refund)
  }

  function receive(item: CheckInItemWire): CheckInResultWire {
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

  /**
   * Why a scanned code may not check its registration in (decision 159). The fake reads the code without
   * checking its signature: the devices under test verified it.
   */
  function codeRefusal(item: CheckInItemWire): CheckInRefusalReason | undefined {
    if (item.kind !== 'check_in' || item.code === undefined) return undefined
    const code = parseCompactRegistrationCode(item.code)
    if (code?.registrationId !== item.registration_id) return 'invalid_code'
    const current = server.editions.find((entry) => entry.current)?.edition.id
    return code.editionId !== undefined && code.editionId !== current ? 'other_edition' : undefined
  }

  function decide(item: CheckInItemWire): CheckInResultWire {
    const registration = server.participants.find(
      (p) => p.registration?.id === item.registration_id,
    )?.registration
    if (!registration) return { id: item.id, status: 'rejected', reason: 'unknown_registration' }
    const refusal = codeRefusal(item)
    if (refusal) return { id: item.id, status: 'rejected', reason: refusal }
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

  function audited(action: AuditEntryWire['action'], subject: string, details: Record<string, unknown>) {
    const id = (server.audit[0]?.id ?? 0) + 1
    server.audit.unshift({
      id,
      at: new Date(server.now()).toISOString(),
      actor_id: fakeStaffUser,
      action,
      subject,
      details,
    })
  }

  /** Staff management and the audit trail as the API answers them (decision 157). */
  function staffRoute(route: string, url: URL, body: unknown): Response {
    if (route === 'GET /admin/staff') return json(200, { items: server.staff })
    if (route === 'POST /admin/staff') {
      const invitation = staffInvitationWireSchema.safeParse(body)
      if (!invitation.success) return json(400, { message: 'invalidRequest' })
      const { email, role } = invitation.data
      if (server.staff.some((member) => member.email === email)) return json(409, { message: 'staffExists' })
      const member = {
        user: `user-${server.staff.length + 1}`,
        email,
        roles: [role],
        enabled: true,
        status: 'FORCE_CHANGE_PASSWORD',
      }
      server.staff.push(member)
      audited('staffInvited', email, { user: member.user, role })
      return json(201, member)
    }
    if (route === 'GET /admin/audit') {
      server.auditQueries.push(url.searchParams)
      const action = url.searchParams.get('action')
      const actor = url.searchParams.get('actor')
      const cursor = url.searchParams.get('cursor')
      const matching = server.audit.filter(
        (entry) =>
          (!action || entry.action === action) &&
          (!actor || entry.actor_id === actor || entry.actor_email === actor) &&
          (!cursor || entry.id < Number(cursor)),
      )
      const items = matching.slice(0, server.auditPageSize)
      const last = items.at(-1)
      return json(200, {
        items,
        ...(matching.length > items.length && last ? { next_cursor: String(last.id) } : {}),
      })
    }
    if (route === 'POST /admin/audit/exports') {
      const report = auditExportWireSchema.safeParse(body)
      if (!report.success) return json(400, { message: 'invalidRequest' })
      audited('csvExported', report.data.list, { rows: report.data.rows })
      return new Response(null, { status: 204 })
    }
    const [, user, what] = /^\/admin\/staff\/([^/]+)\/(role|disable|enable)$/.exec(url.pathname) ?? []
    const member = server.staff.find((candidate) => candidate.user === user)
    if (!member || !what) return json(404, { message: 'notFound' })
    if (what === 'role') {
      const change = staffRoleChangeWireSchema.safeParse(body)
      if (!change.success) return json(400, { message: 'invalidRequest' })
      if (member.user === fakeStaffUser && change.data.role !== 'committee') {
        return json(409, { message: 'staffSelfChange' })
      }
      audited('staffRoleChanged', member.email, {
        user: member.user,
        before: member.roles,
        after: [change.data.role],
      })
      member.roles = [change.data.role]
      return json(200, member)
    }
    if (what === 'disable' && member.user === fakeStaffUser) return json(409, { message: 'staffSelfChange' })
    member.enabled = what === 'enable'
    audited(member.enabled ? 'staffEnabled' : 'staffDisabled', member.email, { user: member.user })
    return json(200, member)
  }

  return server
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

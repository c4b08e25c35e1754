import {
  changingRoomTypes,
  complimentaryKinds,
  countDoorGoods,
  type Dashboard,
  type DashboardCheckInSlot,
  type DashboardDay,
  dashboardCodec,
  dashboardSlotMs,
  type RegistrationTier,
  registrationTiers,
  tShirtSizes,
} from '@furfes/core'
import type { ReceptionSnapshot } from '../data/store.ts'
import { formatTokyoDateTime, toCsv } from '../participants/csv.ts'

/** One tier's row; a figure only the API knows is absent when the device has never received it. */
export interface TierFigures {
  registrationTier: RegistrationTier
  capacity: number | undefined
  paid: number
  pending: number
  spotsLeft: number | undefined
  waiting: number | undefined
  revenueGrossJpy: number | undefined
  revenueRefundedJpy: number | undefined
  revenueNetJpy: number | undefined
  checkedIn: number
}

/** What the Dashboard tab shows, and where it comes from. */
export interface DashboardFigures {
  /** `api`: the API's answer; `device`: computed on this tablet from its snapshot (the API is unreachable). */
  source: 'api' | 'device'
  /** When the API computed the registration and money figures; undefined if the device never received them. */
  figuresAt: number | undefined
  /** When the door figures were last brought up to date with the other devices (the API's time or last sync). */
  doorAt: number | undefined
  tiers: TierFigures[]
  registrationsPerDay: DashboardDay[]
  checkInsPerSlot: DashboardCheckInSlot[]
  checkedIn: number
  paid: number
  /** Goods owed and handed out per line, T-shirts per size (decision 180). */
  goods: Dashboard['goods']
  changingRooms: Dashboard['changingRooms']
  /** Each add-on's places paid and held (decision 178), from the API's last answer; none offline before one. */
  addons: NonNullable<Dashboard['addons']>
  /**
   * Of the paid, those the desk registered without payment, per kind (decision 191); empty when an API that
   * does not count them answered.
   */
  complimentary: NonNullable<Dashboard['complimentary']>
}

export function fromApi(dashboard: Dashboard): DashboardFigures {
  return {
    source: 'api',
    figuresAt: dashboard.generatedAt,
    doorAt: dashboard.generatedAt,
    tiers: dashboard.tiers,
    registrationsPerDay: dashboard.registrationsPerDay,
    checkInsPerSlot: dashboard.checkInsPerSlot,
    checkedIn: dashboard.checkedIn,
    paid: dashboard.paid,
    goods: dashboard.goods,
    changingRooms: dashboard.changingRooms,
    addons: dashboard.addons ?? [],
    complimentary: dashboard.complimentary ?? [],
  }
}

/**
 * The figures a tablet can work out without the API (decision 130): paid, pending and the door from its
 * participant snapshot and every check-in it holds (synced from the other devices, plus its own queue, which
 * the API will count the same way); capacity, money and sign-ups per day from the last answer it received.
 */
export function fromDevice(
  snapshot: ReceptionSnapshot,
  last: Dashboard | undefined,
  now: number,
): DashboardFigures {
  const counts = new Map<RegistrationTier, { paid: number; pending: number; checkedIn: number }>(
    registrationTiers.map((tier) => [tier, { paid: 0, pending: 0, checkedIn: 0 }]),
  )
  const slots = new Map<string, DashboardCheckInSlot>()
  for (const participant of snapshot.participants) {
    const registration = participant.registration
    if (!registration) continue
    const count = counts.get(registration.registrationTier)
    if (!count) continue
    if (registration.paymentStatus === 'pending' && registration.expiresAt > now) count.pending += 1
    if (registration.paymentStatus !== 'paid') continue
    count.paid += 1
    const current =
      registration.registrationId === undefined
        ? undefined
        : snapshot.checkInsByRegistration.get(registration.registrationId)?.current
    if (!current) continue
    count.checkedIn += 1
    const slotStart = Math.floor(current.checkedInAt / dashboardSlotMs) * dashboardSlotMs
    const key = `${slotStart} ${current.deviceId}`
    const slot = slots.get(key) ?? { slotStart, deviceId: current.deviceId, checkIns: 0 }
    if (current.deviceName !== undefined) slot.deviceName = current.deviceName
    slot.checkIns += 1
    slots.set(key, slot)
  }
  // The goods figures by the API's own rule, over this tablet's snapshot and its ticks not uploaded yet.
  const door = countDoorGoods(
    snapshot.participants.flatMap(({ registration }) =>
      registration?.paymentStatus === 'paid'
        ? [
            {
              tier: registration.registrationTier,
              tShirtSize: registration.tShirtSize,
              changingRoomType: registration.changingRoomType,
              handed: new Set(snapshot.handedGoods.get(registration.registrationId ?? '')?.keys()),
            },
          ]
        : [],
    ),
    tShirtSizes,
    changingRoomTypes,
  )
  const lastByTier = new Map(last?.tiers.map((tier) => [tier.registrationTier, tier]))
  const tiers = registrationTiers.map((tier): TierFigures => {
    const count = counts.get(tier) ?? { paid: 0, pending: 0, checkedIn: 0 }
    const known = lastByTier.get(tier)
    return {
      registrationTier: tier,
      capacity: known?.capacity,
      paid: count.paid,
      pending: count.pending,
      spotsLeft: known === undefined ? undefined : Math.max(known.capacity - count.paid - count.pending, 0),
      waiting: known?.waiting,
      revenueGrossJpy: known?.revenueGrossJpy,
      revenueRefundedJpy: known?.revenueRefundedJpy,
      revenueNetJpy: known?.revenueNetJpy,
      checkedIn: count.checkedIn,
    }
  })
  return {
    source: 'device',
    figuresAt: last?.generatedAt,
    doorAt: snapshot.lastSyncAt,
    tiers,
    registrationsPerDay: last?.registrationsPerDay ?? [],
    checkInsPerSlot: [...slots.values()].sort(
      (a, b) => a.slotStart - b.slotStart || a.deviceId.localeCompare(b.deviceId),
    ),
    checkedIn: tiers.reduce((sum, tier) => sum + tier.checkedIn, 0),
    paid: tiers.reduce((sum, tier) => sum + tier.paid, 0),
    goods: door.goods,
    changingRooms: door.changingRooms as Dashboard['changingRooms'],
    addons: last?.addons ?? [],
    complimentary: complimentaryKinds.map((kind) => ({
      kind,
      paid: snapshot.participants.filter(
        ({ registration }) => registration?.paymentStatus === 'paid' && registration.complimentary === kind,
      ).length,
    })),
  }
}

/** The device's last answer, kept so the tab still has capacity and money after a restart without network. */
export interface DashboardCache {
  read(): Dashboard | undefined
  write(dashboard: Dashboard): void
}

const cacheKey = 'furfesReceptionDashboard'

export function createDashboardCache(storage: Storage): DashboardCache {
  return {
    read() {
      const text = storage.getItem(cacheKey)
      if (text === null) return undefined
      try {
        return dashboardCodec.decode(JSON.parse(text))
      } catch {
        // Written by an older version of the app: the next answer replaces it.
        storage.removeItem(cacheKey)
        return undefined
      }
    },
    write(dashboard) {
      storage.setItem(cacheKey, JSON.stringify(dashboardCodec.encode(dashboard)))
    },
  }
}

export const dashboardCsvColumns = [
  'figure',
  'registration_tier',
  'date',
  'slot_start',
  'device',
  'value',
] as const

/**
 * The dashboard's figures as one long table (a figure per row), which a spreadsheet pivots as it likes. Same
 * encoding as the participants CSV: UTF-8 with a byte order mark, CRLF, formula-looking cells (device names are
 * typed by staff) escaped. Figures the device does not know are left out rather than written as zero.
 */
export function dashboardCsv(figures: DashboardFigures): string {
  const rows: string[][] = []
  const add = (figure: string, value: number | undefined, cells: Partial<Record<string, string>> = {}) => {
    if (value === undefined) return
    rows.push([
      figure,
      cells.registration_tier ?? '',
      cells.date ?? '',
      cells.slot_start ?? '',
      cells.device ?? '',
      String(value),
    ])
  }
  for (const tier of figures.tiers) {
    const cells = { registration_tier: tier.registrationTier }
    add('capacity', tier.capacity, cells)
    add('paid', tier.paid, cells)
    add('pending', tier.pending, cells)
    add('spots_left', tier.spotsLeft, cells)
    add('waiting', tier.waiting, cells)
    add('revenue_gross_jpy', tier.revenueGrossJpy, cells)
    add('revenue_refunded_jpy', tier.revenueRefundedJpy, cells)
    add('revenue_net_jpy', tier.revenueNetJpy, cells)
    add('checked_in', tier.checkedIn, cells)
  }
  for (const day of figures.registrationsPerDay) {
    add('registrations_per_day', day.registrations, {
      registration_tier: day.registrationTier,
      date: day.date,
    })
  }
  for (const slot of figures.checkInsPerSlot) {
    add('check_ins_per_10_minutes', slot.checkIns, {
      slot_start: formatTokyoDateTime(slot.slotStart),
      device: slot.deviceName ?? slot.deviceId,
    })
  }
  add('checked_in_total', figures.checkedIn)
  add('paid_total', figures.paid)
  for (const { kind, paid } of figures.complimentary) add(`paid_complimentary_${kind}`, paid)
  return toCsv(dashboardCsvColumns, rows)
}

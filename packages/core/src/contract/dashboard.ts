import { z } from 'zod'
import { complimentaryKinds } from '../domain/registration.ts'
import {
  changingRoomTypeSchema,
  registrationTierSchema,
  storedTextSchema,
  tShirtSizeSchema,
} from '../validation/fields.ts'
import { editionQueryWireSchema } from './editions.ts'
import { goodsKeySchema } from './goods.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * The staff dashboard's figures (decision 130): one admin answer the reception's Dashboard tab draws and
 * downloads as CSV.
 */

const count = z.number().int().nonnegative()
const yen = z.number().int().describe('Japanese yen')
const instantSchema = z.iso.datetime({ offset: true })

export const dashboardTierWireSchema = component(
  z.object({
    registration_tier: registrationTierSchema,
    capacity: count,
    paid: count.describe('Registrations paid and not canceled'),
    pending: count.describe('Registrations holding a spot while their payment is open'),
    spots_left: count.describe('Spots neither paid nor held'),
    waiting: count.describe('People on the waiting list of the tier'),
    revenue_gross_jpy: yen.describe('Every payment taken, including ones refunded since'),
    revenue_refunded_jpy: yen.describe('Refunds paid back'),
    revenue_net_jpy: yen.describe('Gross minus refunded'),
    checked_in: count.describe('Paid registrations with a check-in in force'),
  }),
  { id: 'DashboardTier', description: 'Registration and door figures of one tier' },
)
export type DashboardTierWire = z.infer<typeof dashboardTierWireSchema>

export const dashboardDayWireSchema = component(
  z.object({
    date: z.iso.date().describe('A day in Japan (Asia/Tokyo)'),
    registration_tier: registrationTierSchema,
    registrations: count.describe('Registrations paid that day'),
  }),
  { id: 'DashboardDay', description: 'Registrations paid on one day in Japan, for one tier' },
)
export type DashboardDayWire = z.infer<typeof dashboardDayWireSchema>

export const dashboardCheckInSlotWireSchema = component(
  z.object({
    slot_start: instantSchema.describe('The start of a 10-minute slot (device time of the check-in)'),
    device_id: storedTextSchema,
    device_name: storedTextSchema.optional().describe('The name the device last uploaded with'),
    check_ins: count,
  }),
  {
    id: 'DashboardCheckInSlot',
    description: 'Check-ins in force that one device recorded in one 10-minute slot',
  },
)
export type DashboardCheckInSlotWire = z.infer<typeof dashboardCheckInSlotWireSchema>

export const dashboardGoodsWireSchema = component(
  z.object({
    goods: goodsKeySchema,
    t_shirt_size: tShirtSizeSchema.optional().describe('On the T-shirt lines only, one line per size'),
    expected: count.describe('Paid participants owed this line'),
    handed_out: count.describe('Of them, those with the line ticked as handed over'),
  }),
  { id: 'DashboardGoods', description: 'One line of goods at the door: how many are owed and handed out' },
)

export const dashboardChangingRoomWireSchema = component(
  z.object({ changing_room_type: changingRoomTypeSchema, paid: count }),
  { id: 'DashboardChangingRoom', description: 'Paid participants with a changing room of this type' },
)

type DashboardGoodsWire = z.infer<typeof dashboardGoodsWireSchema>

export const dashboardAddonWireSchema = component(
  z.object({
    code: z.string().describe("The add-on's code"),
    name_ja: z.string(),
    name_en: z.string(),
    capacity: count.describe('Places on sale'),
    paid: count.describe('Places paid for (refunded ones are back on sale)'),
    pending: count.describe('Places held by a checkout not finished yet'),
  }),
  {
    id: 'DashboardAddon',
    description: 'One add-on product of the edition: its places sold and held (decision 178)',
  },
)

export const dashboardComplimentaryWireSchema = component(
  z.object({
    kind: z.enum(complimentaryKinds),
    paid: count.describe('Paid registrations of this kind, given without payment'),
  }),
  {
    id: 'DashboardComplimentary',
    description:
      'Complimentary registrations of one kind (decisions 185 and 191): counted in paid, never in the revenue',
  },
)

export const dashboardWireSchema = component(
  z.object({
    generated_at: instantSchema.describe('When the API computed these figures (its clock)'),
    tiers: z.array(dashboardTierWireSchema).describe('Every tier, in the product order'),
    registrations_per_day: z
      .array(dashboardDayWireSchema)
      .describe('By date, then tier; days without any left out'),
    check_ins_per_slot: z.array(dashboardCheckInSlotWireSchema).describe('By slot, then device'),
    checked_in: count.describe('Paid registrations with a check-in in force'),
    paid: count.describe('Paid registrations: the people expected at the door'),
    goods: z
      .array(dashboardGoodsWireSchema)
      .describe('Each line of goods owed to paid participants (decision 180), T-shirts per size'),
    changing_rooms: z.array(dashboardChangingRoomWireSchema).describe('Every changing room type'),
    addons: z
      .array(dashboardAddonWireSchema)
      .optional()
      .describe("The edition's add-ons, places sold of capacity"),
    complimentary: z
      .array(dashboardComplimentaryWireSchema)
      .optional()
      .describe('Of the paid registrations, those given without payment, per kind (every kind)'),
  }),
  {
    id: 'Dashboard',
    description:
      "The committee's figures: registration per tier, money, sign-ups per day, arrivals at the door",
  },
)
export type DashboardWire = z.infer<typeof dashboardWireSchema>

/*
 * The client shape: camelCase, instants as epoch ms (like the check-ins).
 */

const dashboardTierSchema = z.object({
  registrationTier: registrationTierSchema,
  capacity: z.number(),
  paid: z.number(),
  pending: z.number(),
  spotsLeft: z.number(),
  waiting: z.number(),
  revenueGrossJpy: z.number(),
  revenueRefundedJpy: z.number(),
  revenueNetJpy: z.number(),
  checkedIn: z.number(),
})
export type DashboardTier = z.output<typeof dashboardTierSchema>

const dashboardDaySchema = z.object({
  date: z.string(),
  registrationTier: registrationTierSchema,
  registrations: z.number(),
})
export type DashboardDay = z.output<typeof dashboardDaySchema>

const dashboardCheckInSlotSchema = z.object({
  slotStart: z.number(),
  deviceId: z.string(),
  deviceName: z.string().optional(),
  checkIns: z.number(),
})
export type DashboardCheckInSlot = z.output<typeof dashboardCheckInSlotSchema>

export const dashboardSchema = z.object({
  generatedAt: z.number(),
  tiers: z.array(dashboardTierSchema),
  registrationsPerDay: z.array(dashboardDaySchema),
  checkInsPerSlot: z.array(dashboardCheckInSlotSchema),
  checkedIn: z.number(),
  paid: z.number(),
  goods: z.array(
    z.object({
      goods: z.string(),
      tShirtSize: z.string().optional(),
      expected: z.number(),
      handedOut: z.number(),
    }),
  ),
  changingRooms: z.array(z.object({ changingRoomType: changingRoomTypeSchema, paid: z.number() })),
  addons: z
    .array(
      z.object({
        code: z.string(),
        nameJa: z.string(),
        nameEn: z.string(),
        capacity: z.number(),
        paid: z.number(),
        pending: z.number(),
      }),
    )
    .optional(),
  complimentary: z.array(z.object({ kind: z.enum(complimentaryKinds), paid: z.number() })).optional(),
})
export type Dashboard = z.output<typeof dashboardSchema>

/** Check-ins are counted in slots of this length (decision 130). */
export const dashboardSlotMs = 10 * 60 * 1000

export const dashboardCodec = z.codec(dashboardWireSchema, dashboardSchema, {
  decode: ({ addons, complimentary, ...wire }) => ({
    ...toClientNames(wire),
    generatedAt: Date.parse(wire.generated_at),
    tiers: wire.tiers.map((tier) => toClientNames(tier)),
    registrationsPerDay: wire.registrations_per_day.map((day) => toClientNames(day)),
    checkInsPerSlot: wire.check_ins_per_slot.map((slot) => ({
      ...toClientNames(slot),
      slotStart: Date.parse(slot.slot_start),
    })),
    goods: wire.goods.map((line) => toClientNames(line)),
    changingRooms: wire.changing_rooms.map((room) => toClientNames(room)),
    ...(addons ? { addons: addons.map((addon) => toClientNames(addon)) } : {}),
    ...(complimentary ? { complimentary } : {}),
  }),
  encode: ({ addons, complimentary, ...dashboard }) => ({
    ...toWireNames(dashboard),
    generated_at: new Date(dashboard.generatedAt).toISOString(),
    tiers: dashboard.tiers.map((tier) => toWireNames(tier)),
    registrations_per_day: dashboard.registrationsPerDay.map((day) => toWireNames(day)),
    check_ins_per_slot: dashboard.checkInsPerSlot.map((slot) => ({
      ...toWireNames(slot),
      slot_start: new Date(slot.slotStart).toISOString(),
    })),
    goods: dashboard.goods.map((line) => toWireNames(line) as DashboardGoodsWire),
    changing_rooms: dashboard.changingRooms.map((room) => toWireNames(room)),
    ...(addons ? { addons: addons.map((addon) => toWireNames(addon)) } : {}),
    ...(complimentary ? { complimentary } : {}),
  }),
})

const admin = routeGroup('admin', 'admin')

/** The dashboard route. */
export const dashboardRoutes = {
  getAdminDashboard: admin.get('/admin/dashboard', {
    staff: 'viewFigures',
    summary: "Read the committee's figures, of the current edition or the one named",
    request: { query: editionQueryWireSchema },
    description:
      'Per tier: capacity, paid, pending, spots left, waiting, revenue gross/refunded/net in JPY, checked in; ' +
      'registrations paid per day in Japan by tier; check-ins in force per 10 minutes and device; checked in ' +
      "and paid in total; goods owed and handed out per line (T-shirts per size); changing rooms per type; each add-on's places paid and held of its capacity; the paid registrations given without payment per kind (in paid, never in revenue). Canceled and expired registrations never count as paid. Computed by the database " +
      'on each call.',
    responses: { 200: { description: 'The figures', schema: dashboardWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>

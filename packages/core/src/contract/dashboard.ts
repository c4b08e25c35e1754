import { z } from 'zod'
import { registrationTierSchema, storedTextSchema } from '../validation/fields.ts'
import { contractRegistry } from './schemas.ts'

/*
 * The staff dashboard's figures (decision 130): one admin answer the reception's Dashboard tab draws and
 * downloads as CSV. Kept in its own file so the registration and check-in shapes stay where they are.
 */

function component<T extends z.ZodType>(schema: T, id: string, description: string): T {
  const described = schema.describe(description) as T
  contractRegistry.add(described, { id, description })
  return described
}

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
  'DashboardTier',
  'Registration and door figures of one tier',
)
export type DashboardTierWire = z.infer<typeof dashboardTierWireSchema>

export const dashboardDayWireSchema = component(
  z.object({
    date: z.iso.date().describe('A day in Japan (Asia/Tokyo)'),
    registration_tier: registrationTierSchema,
    registrations: count.describe('Registrations paid that day'),
  }),
  'DashboardDay',
  'Registrations paid on one day in Japan, for one tier',
)
export type DashboardDayWire = z.infer<typeof dashboardDayWireSchema>

export const dashboardCheckInSlotWireSchema = component(
  z.object({
    slot_start: instantSchema.describe('The start of a 10-minute slot (device time of the check-in)'),
    device_id: storedTextSchema,
    device_name: storedTextSchema.optional().describe('The name the device last uploaded with'),
    check_ins: count,
  }),
  'DashboardCheckInSlot',
  'Check-ins in force that one device recorded in one 10-minute slot',
)
export type DashboardCheckInSlotWire = z.infer<typeof dashboardCheckInSlotWireSchema>

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
  }),
  'Dashboard',
  "The committee's figures: registration per tier, money, sign-ups per day, arrivals at the door",
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
})
export type Dashboard = z.output<typeof dashboardSchema>

/** Check-ins are counted in slots of this length (decision 130). */
export const dashboardSlotMs = 10 * 60 * 1000

export const dashboardCodec = z.codec(dashboardWireSchema, dashboardSchema, {
  decode: (wire) => ({
    generatedAt: Date.parse(wire.generated_at),
    tiers: wire.tiers.map((tier) => ({
      registrationTier: tier.registration_tier,
      capacity: tier.capacity,
      paid: tier.paid,
      pending: tier.pending,
      spotsLeft: tier.spots_left,
      waiting: tier.waiting,
      revenueGrossJpy: tier.revenue_gross_jpy,
      revenueRefundedJpy: tier.revenue_refunded_jpy,
      revenueNetJpy: tier.revenue_net_jpy,
      checkedIn: tier.checked_in,
    })),
    registrationsPerDay: wire.registrations_per_day.map((day) => ({
      date: day.date,
      registrationTier: day.registration_tier,
      registrations: day.registrations,
    })),
    checkInsPerSlot: wire.check_ins_per_slot.map((slot) => ({
      slotStart: Date.parse(slot.slot_start),
      deviceId: slot.device_id,
      ...(slot.device_name === undefined ? {} : { deviceName: slot.device_name }),
      checkIns: slot.check_ins,
    })),
    checkedIn: wire.checked_in,
    paid: wire.paid,
  }),
  encode: (dashboard) => ({
    generated_at: new Date(dashboard.generatedAt).toISOString(),
    tiers: dashboard.tiers.map((tier) => ({
      registration_tier: tier.registrationTier,
      capacity: tier.capacity,
      paid: tier.paid,
      pending: tier.pending,
      spots_left: tier.spotsLeft,
      waiting: tier.waiting,
      revenue_gross_jpy: tier.revenueGrossJpy,
      revenue_refunded_jpy: tier.revenueRefundedJpy,
      revenue_net_jpy: tier.revenueNetJpy,
      checked_in: tier.checkedIn,
    })),
    registrations_per_day: dashboard.registrationsPerDay.map((day) => ({
      date: day.date,
      registration_tier: day.registrationTier,
      registrations: day.registrations,
    })),
    check_ins_per_slot: dashboard.checkInsPerSlot.map((slot) => ({
      slot_start: new Date(slot.slotStart).toISOString(),
      device_id: slot.deviceId,
      ...(slot.deviceName === undefined ? {} : { device_name: slot.deviceName }),
      check_ins: slot.checkIns,
    })),
    checked_in: dashboard.checkedIn,
    paid: dashboard.paid,
  }),
})

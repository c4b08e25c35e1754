import { z } from 'zod'
import {
  badgePrintItemSchema,
  badgePrintItemWireSchema,
  badgePrintKinds,
  badgePrintResultWireSchema,
  badgePrintStatuses,
} from './badge-prints.ts'
import { instantSchema, maxCheckInUploadItems, storedDeviceNameSchema } from './check-ins.ts'
import { listCodec, toIso } from './codecs.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * Goods handed out at the door (docs/decisions/180-goods-handed-out.md). Staff tick each line of a participant's
 * goods (core's goodsFor) as they hand it over, offline if need be; a tick is a mark on one line, uploaded and
 * decided as a printed badge mark is (decision 170): the device's id makes a resend harmless, the first tick
 * stands, and an untick takes it off. The participant list carries the ticks in force to every desk.
 */

/** The key of a line of goods: a benefit (`tShirt`) or an add-on (`addOn:<id>`). */
export const goodsKeySchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_:-]{0,63}$/)
  .describe('The line of goods: a tier benefit such as tShirt, or addOn:<add-on id>')

export const goodsTickItemWireSchema = component(
  z.object({
    ...badgePrintItemWireSchema.shape,
    marked_at: instantSchema.describe('The device clock when staff ticked the line or took the tick off'),
    kind: z.enum(badgePrintKinds).describe('mark: handed over; unmark: the tick was a mistake'),
    goods: goodsKeySchema,
  }),
  {
    id: 'GoodsTickItem',
    description: 'A line of goods ticked as handed over, or the tick taken off, on a device',
  },
)
export type GoodsTickItemWire = z.infer<typeof goodsTickItemWireSchema>

export const goodsTickUploadWireSchema = component(
  z.object({ items: z.array(goodsTickItemWireSchema).min(1).max(maxCheckInUploadItems) }),
  { id: 'GoodsTickUpload', description: 'Ticks a device uploads; processed in order' },
)

export const goodsTickUploadResultWireSchema = component(
  z.object({ results: z.array(badgePrintResultWireSchema) }),
  {
    id: 'GoodsTickUploadResult',
    description:
      'One result per uploaded tick, in order: accepted (in force now), duplicate (the line was ticked ' +
      'already, or had no tick to take off), rejected (no such registration)',
  },
)

/** A line of goods in force as handed over: which, when, and on which device. */
export const goodsHandedWireSchema = component(
  z.object({
    goods: goodsKeySchema,
    handed_at: instantSchema.describe('The device clock of the tick in force'),
    device_name: storedDeviceNameSchema.optional(),
  }),
  { id: 'GoodsHanded', description: 'A line of goods ticked as handed over' },
)
export type GoodsHandedWire = z.infer<typeof goodsHandedWireSchema>

export const goodsTickItemSchema = badgePrintItemSchema.extend({ goods: z.string() })
export type GoodsTickItem = z.output<typeof goodsTickItemSchema>

export const goodsTickResultSchema = z.object({ id: z.string(), status: z.enum(badgePrintStatuses) })
export type GoodsTickResult = z.output<typeof goodsTickResultSchema>

export const goodsHandedSchema = z.object({
  goods: z.string(),
  handedAt: z.number(),
  deviceName: z.string().optional(),
})
export type GoodsHanded = z.output<typeof goodsHandedSchema>

export function goodsHandedFromWire({ handed_at, ...wire }: GoodsHandedWire): GoodsHanded {
  return { ...toClientNames(wire), handedAt: Date.parse(handed_at) }
}

export function goodsHandedToWire({ handedAt, ...handed }: GoodsHanded): GoodsHandedWire {
  return { ...toWireNames(handed), handed_at: toIso(handedAt) }
}

export const goodsTickUploadCodec = listCodec(
  goodsTickUploadWireSchema,
  goodsTickItemSchema,
  ({ marked_at, ...wire }) => ({ ...toClientNames(wire), markedAt: Date.parse(marked_at) }),
  ({ markedAt, ...item }) => ({ ...toWireNames(item), marked_at: toIso(markedAt) }),
)

export const goodsTickUploadResultCodec = z.codec(
  goodsTickUploadResultWireSchema,
  z.array(goodsTickResultSchema),
  { decode: (wire) => wire.results, encode: (results) => ({ results }) },
)

const adminGoods = routeGroup('admin', 'goods')

export const goodsRoutes = {
  postAdminGoodsTicks: adminGoods.post('/admin/goods-ticks', {
    staff: 'handOutGoods',
    summary: 'Upload goods ticked as handed over on a reception device',
    description:
      'Idempotent by item id: an id the API already stored is answered as it was the first time. Items are ' +
      'processed in order. A tick of a line already ticked keeps the first tick (duplicate); an unmark takes ' +
      'the tick in force off. The participant list carries the ticks in force as goods_handed.',
    request: { body: goodsTickUploadWireSchema },
    responses: { 200: { description: 'One result per item', schema: goodsTickUploadResultWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>

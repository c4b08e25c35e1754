import { z } from 'zod'

/*
 * What every feature's codecs share. Each feature (contract/<feature>.ts) has the camelCase shapes the apps
 * use and codecs between them and the wire. `codec.parse(json)` (or
 * `z.decode`) validates a wire value and returns the client shape; `z.encode(codec, value)` validates a
 * client value and returns the wire shape. The API can use the same codecs in the other direction.
 *
 * What is sent (`…RequestCodec`, the check-in upload) is checked with the forms' rules; what is read takes
 * the text as the API stored it, so the client shapes of answers hold plain strings (decision 015).
 */

export const toIso = (ms: number) => new Date(ms).toISOString()

/** The codec of a list answer (`{ items: [...] }`, schemas.ts's listComponent): each item by its own mapping. */
export function listCodec<W extends z.ZodType<{ items: unknown[] }>, C extends z.ZodType>(
  wire: W,
  item: C,
  fromWire: (wire: z.output<W>['items'][number]) => z.input<C>,
  toWire: (item: z.input<C>) => z.output<W>['items'][number],
) {
  return z.codec(wire, z.array(item), {
    decode: (list) => list.items.map(fromWire),
    encode: (items) => ({ items: items.map(toWire) }) as z.output<W>,
  })
}

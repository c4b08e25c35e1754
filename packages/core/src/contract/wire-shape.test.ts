import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { firstEdition } from '../domain/edition.ts'
import { seedTimetable, timetableTags } from '../domain/timetable.ts'
import { publicEditionFromJson } from './edition-wire.ts'
import { publicEditionCodec, publicEditionWireSchema } from './editions.ts'
import { publishedTimetableCodec, publishedTimetableWireSchema } from './timetable.ts'
import { publishedTimetableFromJson } from './timetable-wire.ts'
import { matchesWireShape, wireShapeOf } from './wire-shape.ts'

describe('the wire shape of the public edition', () => {
  const shape = wireShapeOf(publicEditionWireSchema)
  const wire = z.encode(publicEditionCodec, { edition: { ...firstEdition, venue: null }, phase: 'over' })

  it('is derived from the zod schema: nested objects, dates, enums and optional dates', () => {
    expect(shape).toMatchObject({
      id: 'string',
      event_date: 'date',
      tiers: { member: { price_jpy: 'number', on_sale: 'boolean' } },
      links: { survey: { url: 'string', opens_on: 'date?' } },
      phase: ['announced', 'onSale', 'closed', 'eventDay', 'over'],
    })
  })

  it('reads an answer into the same edition and phase as the codec', () => {
    expect(publicEditionFromJson(shape, JSON.parse(JSON.stringify(wire)))).toEqual(
      z.decode(publicEditionCodec, wire),
    )
  })

  const broken: Record<string, (answer: Record<string, unknown>) => unknown> = {
    'a price as text': (answer) => ({
      ...answer,
      tiers: { ...(answer.tiers as object), member: { price_jpy: '3000', capacity: 1, on_sale: true } },
    }),
    'an unknown phase': (answer) => ({ ...answer, phase: 'soon' }),
    'a date that is no day': (answer) => ({ ...answer, event_date: '2025-02-30' }),
    'a missing name': ({ name: _, ...answer }) => answer,
    'an opening day that is no day': (answer) => ({
      ...answer,
      links: { ...(answer.links as object), survey: { url: '', opens_on: 'tomorrow' } },
    }),
    'no object': () => 'edition',
  }

  for (const [mistake, breakIt] of Object.entries(broken)) {
    it(`refuses ${mistake}, as the zod schema does`, () => {
      const answer = breakIt(wire as unknown as Record<string, unknown>)
      expect(publicEditionWireSchema.safeParse(answer).success).toBe(false)
      expect(matchesWireShape(shape, answer)).toBe(false)
      expect(publicEditionFromJson(shape, answer)).toBeUndefined()
    })
  }
})

describe('the wire shape of the published timetable', () => {
  const shape = wireShapeOf(publishedTimetableWireSchema)
  const timetable = {
    editionId: '2025',
    version: 3,
    publishedAt: Date.parse('2025-05-01T03:00:00Z'),
    sessions: seedTimetable('2025-05-10').slice(0, 3),
  }
  const wire = JSON.parse(JSON.stringify(z.encode(publishedTimetableCodec, timetable)))

  it('describes lists by the shape of their items', () => {
    expect(shape).toMatchObject({
      version: 'number',
      sessions: {
        '[]': { starts_at: 'string', stage: { ja: 'string' }, tags: { '[]': [...timetableTags] } },
      },
    })
  })

  it('reads an answer into the same timetable as the codec', () => {
    expect(publishedTimetableFromJson(shape, wire)).toEqual(timetable)
  })

  it('refuses a session that is not one, an unknown tag, and an instant that is none', () => {
    const session = wire.sessions[0]
    for (const sessions of [[{ ...session, title: 'x' }], [{ ...session, tags: ['karaoke'] }], 'none']) {
      expect(matchesWireShape(shape, { ...wire, sessions })).toBe(false)
    }
    expect(publishedTimetableFromJson(shape, { ...wire, published_at: 'yesterday' })).toBeUndefined()
  })
})

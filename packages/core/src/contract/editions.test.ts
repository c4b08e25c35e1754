import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { firstEdition } from '../domain/edition.ts'
import { editionCodec, publicEditionCodec } from './editions.ts'

/** Every key of a JSON value, at every depth. */
function keysIn(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => [key, ...keysIn(child)])
}

describe('edition codecs', () => {
  const venue = {
    name: { ja: '会場', en: 'Hall' },
    address: { ja: '東京都', en: 'Tokyo' },
    access: { ja: '駅から5分', en: '5 minutes from the station' },
    mapUrl: 'https://maps.example.com/hall',
    entryTime: '09:30',
  }

  it('speaks snake_case at every depth, keeps the tier names, and reads back what it wrote', () => {
    const edition = { ...firstEdition, venue }
    const wire = z.encode(editionCodec, edition)

    expect(keysIn(wire).filter((key) => /[A-Z]/.test(key))).toEqual([])
    expect(wire).toMatchObject({
      event_date: '2025-05-10',
      venue: { map_url: venue.mapUrl, entry_time: '09:30' },
      tiers: {
        sponsor_fursuiter: { price_jpy: firstEdition.tiers.sponsor_fursuiter.priceJpy, on_sale: true },
      },
      refund_policy: { early_percent: 90, late_percent: 50 },
      links: { photo_album: { url: firstEdition.links.photoAlbum.url, opens_on: '2025-05-10' } },
    })
    expect(z.decode(editionCodec, wire)).toEqual(edition)
  })

  it('leaves the venue out of the public read and carries the phase', () => {
    const wire = z.encode(publicEditionCodec, { edition: { ...firstEdition, venue }, phase: 'over' })

    expect(wire).not.toHaveProperty('venue')
    expect(wire.phase).toBe('over')
    expect(z.decode(publicEditionCodec, wire)).toEqual({ edition: firstEdition, phase: 'over' })
  })

  it('refuses to decode an edition that breaks a rule, on its field', () => {
    const wire = z.encode(editionCodec, firstEdition)
    const result = z.safeDecode(editionCodec, { ...wire, end_time: '08:00' })

    expect(result.success).toBe(false)
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['endTime'], message: 'validation.timeOrder' },
    ])
  })
})

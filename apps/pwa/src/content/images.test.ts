import { defaultEventSchedule, formatCalendarDate } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import timetableEnFile from '../../public/images/timetable-en.svg?raw'
import timetableJaFile from '../../public/images/timetable-ja.svg?raw'
import venueMapEnFile from '../../public/images/venue-map-en.svg?raw'
import venueMapJaFile from '../../public/images/venue-map-ja.svg?raw'
import timetableEn from '../locales/en/timetable.json'
import venueMapEn from '../locales/en/venue-map.json'
import timetableJa from '../locales/ja/timetable.json'
import venueMapJa from '../locales/ja/venue-map.json'
import { timetableSvg, venueMapSvg } from './image-drawing.ts'
import { images, readableWidth } from './images.ts'

const date = (language: 'ja' | 'en') =>
  formatCalendarDate(defaultEventSchedule.eventDate, language, { weekday: true })
const size = (svg: string) => /width="(\d+)" height="(\d+)"/.exec(svg)?.slice(1).map(Number)

describe('timetable and venue-map images', () => {
  it('are current with their content files (run `node scripts/generate-images.ts` after editing them)', () => {
    expect(timetableJaFile).toBe(timetableSvg(timetableJa, date('ja')))
    expect(timetableEnFile).toBe(timetableSvg(timetableEn, date('en')))
    expect(venueMapJaFile).toBe(venueMapSvg(venueMapJa))
    expect(venueMapEnFile).toBe(venueMapSvg(venueMapEn))
  })

  it('have the sizes the pages reserve for them', () => {
    for (const file of [timetableJaFile, timetableEnFile]) {
      expect(size(file)).toEqual([images.timetable.width, images.timetable.height])
    }
    for (const file of [venueMapJaFile, venueMapEnFile]) {
      expect(size(file)).toEqual([images.venueMap.width, images.venueMap.height])
    }
  })

  it('know their smallest label, so a phone draws them no narrower than 12 px text allows', () => {
    const smallest = (file: string) =>
      Math.min(...[...file.matchAll(/font-size="(\d+(?:\.\d+)?)"/g)].map((match) => Number(match[1])))
    for (const file of [venueMapJaFile, venueMapEnFile])
      expect(smallest(file)).toBe(images.venueMap.smallestTextPx)
    for (const file of [timetableJaFile, timetableEnFile])
      expect(smallest(file)).toBe(images.timetable.smallestTextPx)
    // 720 px drawn with 13 px labels: at 665 px wide the smallest is 12 px.
    expect(readableWidth(images.venueMap)).toBe(665)
  })

  it('carry their text in the language of the page', () => {
    expect(timetableJaFile).toContain('オープニング')
    expect(timetableEnFile).toContain('Opening ceremony')
    expect(venueMapJaFile).toContain('更衣室')
    expect(venueMapEnFile).toContain('First aid')
  })
})

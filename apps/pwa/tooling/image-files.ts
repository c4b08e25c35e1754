import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultEventSchedule, formatCalendarDate, type Language, supportedLanguages } from '@furfes/core'
import {
  type TimetableCopy,
  timetableSvg,
  type VenueMapCopy,
  venueMapSvg,
} from '../src/content/image-drawing.ts'

const locales = join(import.meta.dirname, '../src/locales')
const read = <T>(language: Language, name: string): T =>
  JSON.parse(readFileSync(join(locales, language, `${name}.json`), 'utf8')) as T

/** Every generated image: its path under public/ and its SVG text. */
export function imageFiles(): { path: string; svg: string }[] {
  return supportedLanguages.flatMap((language) => [
    {
      path: `images/timetable-${language}.svg`,
      svg: timetableSvg(
        read<TimetableCopy>(language, 'timetable'),
        formatCalendarDate(defaultEventSchedule.eventDate, language, { weekday: true }),
      ),
    },
    { path: `images/venue-map-${language}.svg`, svg: venueMapSvg(read<VenueMapCopy>(language, 'venue-map')) },
  ])
}

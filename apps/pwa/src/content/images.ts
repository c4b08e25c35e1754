import type { Language } from '@furfes/core'

/**
 * The generated images (scripts/generate-images.ts) and their sizes, so the page reserves their space before
 * they load. A test checks these sizes against the files.
 */
export const images = {
  timetable: { width: 720, height: 948, src: (language: Language) => `/images/timetable-${language}.svg` },
  venueMap: { width: 720, height: 570, src: (language: Language) => `/images/venue-map-${language}.svg` },
} as const

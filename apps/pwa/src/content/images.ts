import type { Language } from '@furfes/core'

/**
 * The generated images (scripts/generate-images.ts) and their sizes, so the page reserves their space before
 * they load. A test checks these sizes against the files.
 */
export const images = {
  timetable: {
    width: 720,
    height: 948,
    /** Its smallest label, in the image's own pixels (the sessions' times). */
    smallestTextPx: 12,
    src: (language: Language) => `/images/timetable-${language}.svg`,
  },
  venueMap: {
    width: 720,
    height: 570,
    /** Its smallest label, in the image's own pixels (scripts/generate-images.ts draws the numbers at 13). */
    smallestTextPx: 13,
    src: (language: Language) => `/images/venue-map-${language}.svg`,
  },
} as const

/** The smallest text a reader is shown (decision 182). */
const smallestReadablePx = 12

/** How narrow an image may be drawn with its smallest label still readable. */
export function readableWidth(image: { width: number; smallestTextPx: number }): number {
  return Math.ceil((image.width * smallestReadablePx) / image.smallestTextPx)
}

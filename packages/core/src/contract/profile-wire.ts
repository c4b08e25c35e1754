import type { Profile } from '../validation/forms.ts'
import type { ProfileListWire, ProfileWire } from './profile.ts'
import { matchesWireShape, type WireShape } from './wire-shape.ts'

/* A profile's wire form and its renaming, without zod, so a page can read GET /public-profile by a plain fetch
 * (docs/decisions/195-member-client-pages-by-plain-fetch.md); the codecs in profile.ts rename with the same function. */

export function profileFromWire(wire: ProfileWire): Profile {
  return { privacy: wire.privacy, handleName: wire.handle_name, linkUrls: wire.urls }
}

/**
 * GET /public-profile's answer as a page gets it: its types checked against `shape` (`wireShapeOf` of
 * `profileListWireSchema`), then renamed. Undefined when the answer is not of that shape. The rules of a profile
 * are the API's to check when the participant saves it.
 */
export function publicProfilesFromJson(shape: WireShape, json: unknown): Profile[] | undefined {
  if (!matchesWireShape(shape, json)) return undefined
  return (json as ProfileListWire).items.map(profileFromWire)
}

import { type Profile, publicProfilesFromJson, type WireShape } from '@furfes/core'
import { type PublicRead, readPublic } from '../app/public-read.ts'

/**
 * GET /public-profile's answer as the participants' profiles page checks it, without zod (decision 160,
 * docs/decisions/195-member-client-pages-by-plain-fetch.md); a test keeps it equal to the shape derived from the
 * contract's zod schema.
 */
export const publicProfilesShape: WireShape = {
  items: { '[]': { privacy: ['public', 'private'], handle_name: 'string', urls: { '[]': 'string' } } },
}

export function readPublicProfiles(
  fetchPublic: (path: string) => Promise<Response>,
): Promise<PublicRead<Profile[]>> {
  return readPublic(fetchPublic, 'public-profile', (json) =>
    publicProfilesFromJson(publicProfilesShape, json),
  )
}

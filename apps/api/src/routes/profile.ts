import { apiRoutes, type Clock, profileCodec, profileRequestCodec } from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { notFound } from '../http/errors.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import { getProfile, putProfile } from '../services/members.ts'
import type { PublicProfileCache } from './public.ts'

/** The member's own profile. */
export function mountProfileRoutes(
  { mount }: RouteMounter,
  deps: { db: Executor; clock: Clock; publicProfiles: PublicProfileCache },
): void {
  const { db, clock, publicProfiles } = deps

  mount(apiRoutes.getProfile, async ({ caller }) => {
    const profile = await getProfile(db, caller.sub)
    if (!profile) throw notFound()
    return { status: 200, body: encode(profileCodec, profile) }
  })

  mount(apiRoutes.putProfile, async ({ body, caller }) => {
    const saved = await putProfile(db, caller.sub, decode(profileRequestCodec, body), clock)
    publicProfiles.forget()
    return { status: 200, body: encode(profileCodec, saved) }
  })
}

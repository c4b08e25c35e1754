import {
  apiRoutes,
  type Clock,
  type ProfileListWire,
  profileListCodec,
  registrationCodeKeySetCodec,
} from '@furfes/core'
import type { ApiOptions } from '../api-options.ts'
import type { Executor } from '../db/database.ts'
import { encode, type RouteMounter } from '../http/route.ts'
import { publicProfiles } from '../services/members.ts'
import { mountPushRoutes } from './push.ts'

/**
 * The list of public profiles, answered from memory. The list is public and changes rarely, and every visitor
 * of the participants page asks for it: each instance keeps it for `cacheMs` (its own profile changes clear it
 * at once, by `forget`).
 */
export interface PublicProfileCache {
  read(): Promise<ProfileListWire>
  forget(): void
}

export function createPublicProfileCache(options: {
  db: Executor
  clock: Clock
  cacheMs: number
}): PublicProfileCache {
  const { db, clock, cacheMs } = options
  let kept: { body: ProfileListWire; until: number } | undefined
  let loading: Promise<ProfileListWire> | undefined
  return {
    async read() {
      if (kept && kept.until > clock()) return kept.body
      loading ??= publicProfiles(db)
        .then((profiles) => {
          const body = encode(profileListCodec, profiles)
          kept = { body, until: clock() + cacheMs }
          return body
        })
        .finally(() => {
          loading = undefined
        })
      return loading
    },
    forget() {
      kept = undefined
    },
  }
}

/** What anyone may read without signing in: the public profiles and the registration-code keys. */
export function mountPublicRoutes(
  mounter: RouteMounter,
  deps: Pick<ApiOptions, 'signingKeys' | 'database' | 'clock' | 'push'> & {
    publicProfiles: PublicProfileCache
  },
): void {
  const { mount } = mounter
  mount(apiRoutes.getRegistrationCodeKeys, async () => ({
    status: 200,
    body: encode(registrationCodeKeySetCodec, (await deps.signingKeys()).jwks),
    // Reception devices cache the key set; a rotated key is added before it signs (decision 053).
    headers: { 'Cache-Control': 'public, max-age=300' },
  }))

  mount(apiRoutes.getPublicProfiles, async () => ({ status: 200, body: await deps.publicProfiles.read() }))

  // Web Push subscriptions need no account either (decision 176).
  mountPushRoutes(mounter, { db: deps.database.db, clock: deps.clock, ...deps.push })
}

import {
  type AuthSession,
  type Clock,
  createStore,
  isRegistrationStale,
  type MemberApiClient,
  type Profile,
  type Registration,
  type RegistrationAdditionalInfo,
  type RegistrationHistoryItem,
  type Store,
  type TimelineEntry,
  type UserAttributes,
} from '@furfes/core'

export interface ResourceState<T> {
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  /** The last value fetched (or set), kept while a later fetch runs or after it failed. */
  value: T | undefined
  error: unknown
}

/** One piece of the signed-in user's data, fetched once and then served from memory unless forced. */
export interface CachedResource<T> extends Store<ResourceState<T>> {
  /** Fetches when forced, never fetched, or stale; otherwise resolves with the kept value. */
  load(options?: { force?: boolean }): Promise<T>
  /** Replaces the kept value with what an update returned (PUT /profile, DELETE /registration…). */
  set(value: T): void
}

function cachedResource<T>(fetch: () => Promise<T>, isStale: (value: T) => boolean = () => false) {
  const idle: ResourceState<T> = { status: 'idle', value: undefined, error: undefined }
  const { set: publish, ...state } = createStore(idle)
  let inFlight: Promise<T> | undefined
  const resource: CachedResource<T> & { clear(): void } = {
    ...state,
    load({ force = false } = {}) {
      if (inFlight) return inFlight
      const { status, value: kept } = state.getSnapshot()
      if (!force && status === 'loaded' && kept !== undefined && !isStale(kept)) {
        return Promise.resolve(kept)
      }
      publish({ ...state.getSnapshot(), status: 'loading', error: undefined })
      const request = fetch().then(
        (value) => {
          if (inFlight === request) publish({ status: 'loaded', value, error: undefined })
          return value
        },
        (error: unknown) => {
          if (inFlight === request) publish({ ...state.getSnapshot(), status: 'failed', error })
          throw error
        },
      )
      inFlight = request
      void request.then(
        () => {
          if (inFlight === request) inFlight = undefined
        },
        () => {
          if (inFlight === request) inFlight = undefined
        },
      )
      return request
    },
    set(value) {
      inFlight = undefined
      publish({ status: 'loaded', value, error: undefined })
    },
    clear() {
      inFlight = undefined
      publish(idle)
    },
  }
  return resource
}

/**
 * My Page's view of the signed-in user (decision 045): user attributes, additional info, the
 * profile (and the flags, kept by the site's flag store) are fetched once unless forced. The registration is
 * fetched again when forced or when its payment URL has expired. `null` stands for the API's 404 (none yet).
 */
export interface MyPageCache {
  user: CachedResource<UserAttributes>
  profile: CachedResource<Profile | null>
  additionalInfo: CachedResource<RegistrationAdditionalInfo | null>
  registration: CachedResource<Registration | null>
  /** Past editions' registrations, latest first; [] when none (decision 158). */
  history: CachedResource<RegistrationHistoryItem[]>
  /** What happened to the current registration, oldest first; null without one (decision 171). */
  timeline: CachedResource<TimelineEntry[] | null>
  /** Forgets everything (sign-out, or another user signing in). */
  clear(): void
}

export function createMyPageCache({
  api,
  session,
  clock,
}: {
  api: MemberApiClient
  session: AuthSession
  clock: Clock
}): MyPageCache {
  const user = cachedResource(async () =>
    session.client.getUser({ accessToken: (await session.freshAuthInfo()).accessToken }),
  )
  const profile = cachedResource(() => api.getProfile())
  const additionalInfo = cachedResource(() => api.getRegistrationAdditionalInfo())
  // The same staleness rule as the registration machine's (docs/requirements.md MY-10).
  const registration = cachedResource(
    () => api.getRegistration(),
    (value) => isRegistrationStale(value, clock),
  )
  const history = cachedResource(() => api.getRegistrationHistory())
  const timeline = cachedResource(() => api.getRegistrationTimeline())
  return {
    user,
    profile,
    additionalInfo,
    registration,
    history,
    timeline,
    clear() {
      for (const resource of [user, profile, additionalInfo, registration, history, timeline])
        resource.clear()
    },
  }
}

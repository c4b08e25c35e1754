import type { FeatureFlags } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { createFeatureFlagsStore, isNetworkErrorPresumed } from './feature-flags.ts'

const flags: FeatureFlags = {
  isNewClubActivityEstablishmentAvailable: true,
  isRegistrationAvailable: true,
  isUnderMaintenance: false,
}

/** A fetcher that answers from a script of results, counting calls. */
function scripted(...answers: (FeatureFlags | Error)[]) {
  const calls = { count: 0 }
  const fetchFlags = async () => {
    const answer = answers[Math.min(calls.count++, answers.length - 1)]
    if (!answer || answer instanceof Error) throw answer ?? new Error('no answer')
    return answer
  }
  return { calls, fetchFlags }
}

describe('feature flag store', () => {
  it('fetches the flags once and serves them from memory afterwards', async () => {
    const { calls, fetchFlags } = scripted(flags)
    const sut = createFeatureFlagsStore(fetchFlags)
    expect(await sut.load()).toEqual(flags)
    expect(await sut.load()).toEqual(flags)
    expect(calls.count).toBe(1)
    expect(sut.getSnapshot()).toEqual({ status: 'loaded', flags })
  })

  it('fetches again when forced, as on My Page entry', async () => {
    const { calls, fetchFlags } = scripted(flags, { ...flags, isUnderMaintenance: true })
    const sut = createFeatureFlagsStore(fetchFlags)
    await sut.load()
    expect((await sut.load({ force: true }))?.isUnderMaintenance).toBe(true)
    expect(calls.count).toBe(2)
  })

  it('shares one request between callers that ask at the same time', async () => {
    const { calls, fetchFlags } = scripted(flags)
    const sut = createFeatureFlagsStore(fetchFlags)
    await Promise.all([sut.load(), sut.load({ force: true }), sut.load()])
    expect(calls.count).toBe(1)
  })

  it('presumes a network error when the flags never loaded, and tries again on the next use', async () => {
    const { fetchFlags } = scripted(new Error('offline'), flags)
    const sut = createFeatureFlagsStore(fetchFlags)
    expect(await sut.load()).toBeUndefined()
    expect(isNetworkErrorPresumed(sut.getSnapshot())).toBe(true)
    expect(await sut.load()).toEqual(flags)
    expect(isNetworkErrorPresumed(sut.getSnapshot())).toBe(false)
  })

  it('keeps flags that loaded once when a later forced fetch fails', async () => {
    const { fetchFlags } = scripted(flags, new Error('offline'))
    const sut = createFeatureFlagsStore(fetchFlags)
    await sut.load()
    expect(await sut.load({ force: true })).toEqual(flags)
    expect(sut.getSnapshot().status).toBe('failed')
    expect(isNetworkErrorPresumed(sut.getSnapshot())).toBe(false)
  })
})

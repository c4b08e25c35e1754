import { ProductError } from '@furfes/core'
import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { refreshKeptRegistrationCode } from '../account/registration-code.ts'
import { compactRegistrationCode, createFakeAccount, now } from '../test/fake-account.ts'
import { keepRegistrationCode, paidRegistration, signedIn } from '../test/member-fixtures.ts'
import { clearRegistrationCode, loadRegistrationCode } from './registration-code-cache.ts'
import { onRegistrationCodeRefreshed, startRegistrationCodeRefresh } from './registration-code-refresh.ts'

const day = 24 * 3_600_000
let stop: (() => void) | undefined

beforeEach(async () => {
  await clearRegistrationCode()
})

afterEach(() => {
  stop?.()
  stop = undefined
  Reflect.deleteProperty(document, 'visibilityState')
})

async function keepOldCode() {
  await keepRegistrationCode({
    text: await compactRegistrationCode(),
    badgeName: 'ケモ',
    savedAt: now - 6 * day,
  })
}

function start(fake: ReturnType<typeof createFakeAccount>) {
  const report = vi.fn()
  stop = startRegistrationCodeRefresh({
    account: () => Promise.resolve(fake.account),
    report,
    clock: () => now,
    minIntervalMs: 0,
  })
  return report
}

const codeCalls = (fake: ReturnType<typeof createFakeAccount>) =>
  fake.backend.state.requests.filter((request) => request.method === 'getRegistrationCode').length

describe('refreshing the kept registration code while the app is open', () => {
  it('replaces a kept code on start, when the page is shown again and when the network returns', async () => {
    await keepOldCode()
    const fake = signedIn()
    fake.backend.state.registrationCode = await compactRegistrationCode()
    fake.backend.state.registration = paidRegistration('sponsor')
    const refreshed = vi.fn()
    const unsubscribe = onRegistrationCodeRefreshed(refreshed)
    const report = start(fake)

    await waitFor(async () =>
      expect(await loadRegistrationCode()).toMatchObject({
        text: fake.backend.state.registrationCode,
        tier: 'sponsor',
        savedAt: now,
      }),
    )
    // The 7-day storage entry starts again from now, too.
    expect(fake.account.storage.get('registrationJwtToken')).toBe(fake.backend.state.registrationCode)
    expect(JSON.parse(fake.keyValueStorage.getItem('registrationJwtToken') ?? '{}').expiresAt).toBe(
      now + 7 * day,
    )
    await waitFor(() => expect(refreshed).toHaveBeenCalledTimes(1))

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(() => expect(codeCalls(fake)).toBe(2))
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(codeCalls(fake)).toBe(3))
    await waitFor(() => expect(refreshed).toHaveBeenCalledTimes(3))
    expect(report).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('asks nothing of the API without a session or without a kept code', async () => {
    const signedOut = createFakeAccount()
    await keepOldCode()
    expect(await refreshKeptRegistrationCode(signedOut.account)).toBeUndefined()
    expect(signedOut.backend.state.requests).toEqual([])
    expect((await loadRegistrationCode())?.savedAt).toBe(now - 6 * day)

    const withoutCode = signedIn()
    withoutCode.backend.state.registrationCode = await compactRegistrationCode()
    await clearRegistrationCode()
    expect(await refreshKeptRegistrationCode(withoutCode.account)).toBeUndefined()
    expect(withoutCode.backend.state.requests).toEqual([])
  })

  it('keeps the copy through a network failure, reports any other failure, and forgets it when there is no code any more', async () => {
    await keepOldCode()
    const fake = signedIn()
    fake.backend.fail('getRegistrationCode')
    const report = start(fake)
    await waitFor(() => expect(codeCalls(fake)).toBe(1))
    await waitFor(async () => expect((await loadRegistrationCode())?.savedAt).toBe(now - 6 * day))
    expect(report).not.toHaveBeenCalled()

    fake.backend.fail('getRegistrationCode', new ProductError('registrationCodeGenerationFailed', 500))
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(report).toHaveBeenCalledTimes(1))
    expect(report.mock.calls[0]?.[1]).toEqual({ where: 'registration-code-refresh' })
    expect((await loadRegistrationCode())?.savedAt).toBe(now - 6 * day)

    // No paid registration any more (the fake answers 404 without a code): nothing stays on the device.
    window.dispatchEvent(new Event('online'))
    await waitFor(async () => expect(await loadRegistrationCode()).toBeUndefined())
    expect(report).toHaveBeenCalledTimes(1)
  })

  it('keeps the copy without a report while the site is under maintenance (the door still reads it)', async () => {
    await keepOldCode()
    const fake = signedIn()
    fake.backend.fail('getRegistrationCode', new ProductError('underMaintenance', 503))
    const report = start(fake)
    await waitFor(() => expect(codeCalls(fake)).toBe(1))
    expect((await loadRegistrationCode())?.savedAt).toBe(now - 6 * day)
    expect(report).not.toHaveBeenCalled()
  })
})

import { formatInstant } from '@furfes/core'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearRegistrationCode, loadRegistrationCode } from '../offline/registration-code-cache.ts'
import { compactRegistrationCode, now } from '../test/fake-account.ts'
import { openWithKeptCodeOnly, paidRegistration, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

const day = 24 * 3_600_000

/** QR version from the drawn symbol: 17 + 4 × version modules a side, plus the quiet zone on both sides. */
function drawnQr() {
  const svg = screen.getByRole('img', { name: /QR/ })
  const [, , width] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number)
  const paths = [...svg.querySelectorAll('path')]
  // qrcode.react draws the light background first, then the dark modules as one path.
  const dark = paths.at(-1)?.getAttribute('d') ?? ''
  const quietZone = Number(/^M(\d+)[ ,]/.exec(dark)?.[1])
  const modules = (width ?? 0) - 2 * quietZone
  return { version: (modules - 17) / 4, quietZone }
}

/** A fake Screen Wake Lock: records requests and whether the last lock is held. */
function fakeWakeLock() {
  const sentinels: { released: boolean }[] = []
  const wakeLock = {
    request: vi.fn(async (type: string) => {
      const listeners: (() => void)[] = []
      const sentinel = {
        type,
        released: false,
        addEventListener: (_event: string, listener: () => void) => listeners.push(listener),
        removeEventListener: () => {},
        release: async () => {
          if (sentinel.released) return
          sentinel.released = true
          for (const listener of listeners) listener()
        },
      }
      sentinels.push(sentinel)
      return sentinel
    }),
  }
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true })
  return { wakeLock, sentinels }
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

beforeEach(async () => {
  await clearRegistrationCode()
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock')
  Reflect.deleteProperty(document, 'visibilityState')
})

describe('registration-code page', () => {
  it('draws a compact code at QR version 6 with a 4-module quiet zone, with badge name, tier and refresh time', async () => {
    const fake = signedIn()
    fake.backend.state.registrationCode = await compactRegistrationCode()
    fake.backend.state.registration = paidRegistration('fursuiter')
    renderApp('/ja/registration-code', { account: fake.account })
    await screen.findByRole('img', { name: '受付コードのQRコード' })
    expect(drawnQr()).toEqual({ version: 6, quietZone: 4 })
    expect(screen.getByText('ケモ')).toBeTruthy()
    expect(screen.getByText('着ぐるみ参加')).toBeTruthy()
    // Japan time: the fake clock's 03:00 UTC is 12:00 in Tokyo.
    expect(screen.getByTestId('registration-code-refreshed-at').textContent).toBe(
      `最終更新: ${formatInstant(now, 'ja')}`,
    )
    expect(formatInstant(now, 'ja')).toContain('12:00:00')
    expect(fake.account.storage.get('registrationJwtToken')).toBe(fake.backend.state.registrationCode)
    await waitFor(async () =>
      expect(await loadRegistrationCode()).toMatchObject({ badgeName: 'ケモ', savedAt: now }),
    )
  })

  it('shows the kept compact code offline, with when it was last refreshed (en)', async () => {
    const fake = signedIn()
    const text = await compactRegistrationCode()
    await openWithKeptCodeOnly('/en/registration-code', fake, {
      text,
      badgeName: 'Kemo',
      savedAt: now - 2 * day,
    })
    expect(
      await screen.findByText('You are offline: this is the registration code saved on this device.'),
    ).toBeTruthy()
    expect(screen.getByText('Kemo')).toBeTruthy()
    expect(screen.getByTestId('registration-code-refreshed-at').textContent).toBe(
      `Last refreshed ${formatInstant(now - 2 * day, 'en')}`,
    )
    expect(drawnQr().version).toBe(6)
  })

  it('shows a compact code kept only in the 7-day storage entry, without the name it does not carry', async () => {
    const fake = signedIn()
    fake.account.storage.set('registrationJwtToken', await compactRegistrationCode())
    fake.backend.fail('getRegistrationCode')
    renderApp('/ja/registration-code', { account: fake.account })
    expect(
      await screen.findByText('オフラインのため、この端末に保存した受付コードを表示しています。'),
    ).toBeTruthy()
    expect(drawnQr().version).toBe(6)
    expect(screen.queryByText('バッジ名')).toBeNull()
    expect(screen.getByText(/^有効期限: /)).toBeTruthy()
  })

  it('keeps the screen awake while shown: released when hidden, taken again when shown, let go on leaving', async () => {
    const { wakeLock, sentinels } = fakeWakeLock()
    setVisibility('visible')
    const fake = signedIn()
    fake.backend.state.registrationCode = await compactRegistrationCode()
    const view = renderApp('/ja/registration-code', { account: fake.account })
    expect(await screen.findByText('コードの表示中は画面が消えません。')).toBeTruthy()
    expect(wakeLock.request).toHaveBeenCalledWith('screen')
    expect(sentinels.map((sentinel) => sentinel.released)).toEqual([false])

    await act(async () => setVisibility('hidden'))
    await waitFor(() => expect(sentinels.map((sentinel) => sentinel.released)).toEqual([true]))
    expect(screen.queryByText('コードの表示中は画面が消えません。')).toBeNull()

    await act(async () => setVisibility('visible'))
    expect(await screen.findByText('コードの表示中は画面が消えません。')).toBeTruthy()
    expect(sentinels.map((sentinel) => sentinel.released)).toEqual([true, false])

    view.unmount()
    await waitFor(() => expect(sentinels.map((sentinel) => sentinel.released)).toEqual([true, true]))
  })

  it('shows the code as before where the browser has no wake lock or refuses it', async () => {
    const fake = signedIn()
    fake.backend.state.registrationCode = await compactRegistrationCode()
    const first = renderApp('/ja/registration-code', { account: fake.account })
    await screen.findByRole('img', { name: '受付コードのQRコード' })
    expect(screen.queryByText('コードの表示中は画面が消えません。')).toBeNull()
    first.unmount()

    const { wakeLock } = fakeWakeLock()
    wakeLock.request.mockRejectedValue(new DOMException('Battery saver', 'NotAllowedError'))
    setVisibility('visible')
    renderApp('/ja/registration-code', { account: fake.account })
    await screen.findByRole('img', { name: '受付コードのQRコード' })
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalled())
    expect(screen.queryByText('コードの表示中は画面が消えません。')).toBeNull()
  })
})

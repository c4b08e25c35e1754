import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { type InstallPromptEvent, installPromptSource } from '../app/install-offer.ts'
import { keepInstallPrompt } from '../app/install-prompt.ts'
import { createPwaI18n } from '../i18n.ts'
import { englishStrings } from '../i18n-english.ts'
import { japaneseStrings } from '../i18n-japanese.ts'
import {
  InstallOffer,
  type InstallOfferEnvironment,
  installOfferDismissedKey,
  isIosSafari,
} from './InstallOffer.tsx'

const chromeAndroid =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const iphoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1'
const ipadSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'

/** A browser window of its own, so each test's install prompt starts from nothing. */
function fakeWindow() {
  return new EventTarget() as unknown as Window
}

/** Chromium's `beforeinstallprompt`, answering the dialog with `outcome`. */
function promptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent & {
    shown: number
  }
  event.shown = 0
  Object.assign(event, {
    prompt: async () => {
      event.shown += 1
    },
    userChoice: Promise.resolve({ outcome }),
  })
  return event
}

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

function setup(overrides: Partial<InstallOfferEnvironment> & { language?: 'ja' | 'en' } = {}) {
  const target = fakeWindow()
  const storage = memoryStorage()
  // What the entry does on every page, then what My Page reads.
  keepInstallPrompt(target)
  const environment: InstallOfferEnvironment = {
    source: installPromptSource(target),
    storage,
    userAgent: chromeAndroid,
    maxTouchPoints: 5,
    standalone: false,
    ...overrides,
  }
  const view = render(
    <I18nextProvider
      i18n={createPwaI18n(overrides.language ?? 'en', { ja: japaneseStrings, en: englishStrings })}
    >
      <InstallOffer environment={environment} />
    </I18nextProvider>,
  )
  return { target, storage, environment, view }
}

describe('install offer', () => {
  it('says nothing until the browser offers to install, then offers its prompt', async () => {
    const { target } = setup()
    expect(screen.queryByRole('heading', { name: 'Use it as an app' })).toBeNull()
    const event = promptEvent('accepted')
    act(() => void target.dispatchEvent(event))
    // Held back so the browser's own bar does not appear beside ours.
    expect(event.defaultPrevented).toBe(true)
    expect(screen.getByRole('heading', { name: 'Use it as an app' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add to home screen' }))
    expect(event.shown).toBe(1)
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Use it as an app' })).toBeNull())
  })

  it('remembers "Not now" and never offers again in this browser', async () => {
    const { target, storage, view } = setup()
    act(() => void target.dispatchEvent(promptEvent('accepted')))
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('heading', { name: 'Use it as an app' })).toBeNull()
    expect(storage.items.has(installOfferDismissedKey)).toBe(true)
    view.unmount()
    // A later visit, with a fresh prompt from the browser and the same storage.
    const again = setup({ storage })
    act(() => void again.target.dispatchEvent(promptEvent('accepted')))
    expect(screen.queryByRole('heading', { name: 'Use it as an app' })).toBeNull()
  })

  it('takes a declined browser dialog as the answer and does not ask again', async () => {
    const { target, storage } = setup()
    act(() => void target.dispatchEvent(promptEvent('dismissed')))
    fireEvent.click(screen.getByRole('button', { name: 'Add to home screen' }))
    await waitFor(() => expect(storage.items.has(installOfferDismissedKey)).toBe(true))
    expect(screen.queryByRole('heading', { name: 'Use it as an app' })).toBeNull()
  })

  it('hides once the app is installed from elsewhere, and inside the installed app', () => {
    const { target } = setup()
    act(() => void target.dispatchEvent(promptEvent('accepted')))
    expect(screen.getByRole('heading', { name: 'Use it as an app' })).toBeTruthy()
    act(() => void target.dispatchEvent(new Event('appinstalled')))
    expect(screen.queryByRole('heading', { name: 'Use it as an app' })).toBeNull()
    setup({ userAgent: iphoneSafari, standalone: true })
    expect(screen.queryByRole('heading', { name: 'Use it as an app' })).toBeNull()
  })

  it('tells iOS Safari users how to add it from the Share menu, in Japanese on Japanese pages', () => {
    const { storage } = setup({ userAgent: iphoneSafari, language: 'ja' })
    expect(screen.getByRole('heading', { name: 'アプリとして使う' })).toBeTruthy()
    expect(screen.getByText(/共有ボタン.*「ホーム画面に追加」/)).toBeTruthy()
    // There is no prompt to show on iOS: only the steps and a way to close them.
    expect(screen.queryByRole('button', { name: 'ホーム画面に追加' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }))
    expect(screen.queryByRole('heading', { name: 'アプリとして使う' })).toBeNull()
    expect(storage.items.has(installOfferDismissedKey)).toBe(true)
  })

  it('tells iPhone from iPad Safari and other iOS browsers', () => {
    expect(isIosSafari(iphoneSafari, 5)).toBe(true)
    expect(isIosSafari(ipadSafari, 5)).toBe(true)
    expect(isIosSafari(ipadSafari, 0)).toBe(false)
    expect(isIosSafari(iphoneChrome, 5)).toBe(false)
    expect(isIosSafari(chromeAndroid, 5)).toBe(false)
  })
})

import { act, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPwaI18n } from '../i18n.ts'
import { englishStrings } from '../i18n-english.ts'
import { japaneseStrings } from '../i18n-japanese.ts'
import { ManifestLink } from './ManifestLink.tsx'
import { OfflineIndicator } from './OfflineIndicator.tsx'

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

afterEach(() => {
  vi.restoreAllMocks()
  document.head.querySelector('link[rel="manifest"]')?.remove()
})

describe('offline indicator', () => {
  it('is an empty status region online and says so when the connection drops and returns', () => {
    const i18n = createPwaI18n('en', { ja: japaneseStrings, en: englishStrings })
    render(
      <I18nextProvider i18n={i18n}>
        <OfflineIndicator />
      </I18nextProvider>,
    )
    const status = screen.getByRole('status', { name: 'Connection status' })
    expect(status.textContent).toBe('')
    act(() => setOnline(false))
    expect(status.textContent).toBe('Offline: showing saved content')
    act(() => setOnline(true))
    expect(status.textContent).toBe('')
  })

  it('speaks Japanese on Japanese pages', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    render(
      <I18nextProvider i18n={createPwaI18n('ja', { ja: japaneseStrings })}>
        <OfflineIndicator />
      </I18nextProvider>,
    )
    expect(screen.getByRole('status', { name: '接続状態' }).textContent).toBe(
      'オフライン：保存済みの内容を表示しています',
    )
  })
})

describe('manifest link', () => {
  it('follows the language shown', async () => {
    const link = document.createElement('link')
    link.rel = 'manifest'
    link.href = '/manifest.ja.webmanifest'
    document.head.append(link)
    const i18n = createPwaI18n('ja', { ja: japaneseStrings })
    render(
      <I18nextProvider i18n={i18n}>
        <ManifestLink />
      </I18nextProvider>,
    )
    expect(link.getAttribute('href')).toBe('/manifest.ja.webmanifest')
    await act(() => i18n.changeLanguage('en'))
    expect(link.getAttribute('href')).toBe('/manifest.en.webmanifest')
  })
})

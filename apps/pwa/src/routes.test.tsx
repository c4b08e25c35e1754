import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { signedOutNavigationState } from './app/status.ts'
import { contactUrl, renderApp } from './test/render-app.tsx'

const heading = () => screen.findByRole('heading', { level: 1 })

describe('public routes', () => {
  it('shows the top page in Japanese under /ja with a Japanese title', async () => {
    renderApp('/ja')
    expect((await heading()).textContent).toBe('東京ふぁーりーフェス 2025')
    await waitFor(() => expect(document.title).toBe('トップ | 東京ふぁーりーフェス 2025'))
    expect(document.documentElement.lang).toBe('ja')
  })

  it('shows English pages under /en while the title stays Japanese', async () => {
    renderApp('/en/faq')
    expect((await heading()).textContent).toBe('FAQ')
    await waitFor(() => expect(document.title).toBe('よくある質問 | 東京ふぁーりーフェス 2025'))
    expect(document.documentElement.lang).toBe('en')
  })

  it('also serves the top page at /ja/top', async () => {
    renderApp('/ja/top')
    expect((await heading()).textContent).toBe('東京ふぁーりーフェス 2025')
  })
})

describe('language rules', () => {
  it('redirects an unsupported language prefix to the current language', async () => {
    const { recorded } = renderApp('/fr/faq', { currentLanguage: 'en' })
    expect((await heading()).textContent).toBe('FAQ')
    expect(recorded.location.pathname).toBe('/en/faq')
  })

  it('puts a path without a language under the current language', async () => {
    const { recorded } = renderApp('/timetable', { currentLanguage: 'ja' })
    expect((await heading()).textContent).toBe('タイムテーブル')
    expect(recorded.location.pathname).toBe('/ja/timetable')
  })

  it('sends the bare address to the current language', async () => {
    const { recorded } = renderApp('/', { currentLanguage: 'en' })
    expect((await heading()).textContent).toBe('Tokyo Furry Fes 2025')
    expect(recorded.location.pathname).toBe('/en')
  })

  it('sends an unknown page to the top page of its language', async () => {
    const { recorded } = renderApp('/en/no-such-page')
    expect((await heading()).textContent).toBe('Tokyo Furry Fes 2025')
    expect(recorded.location.pathname).toBe('/en')
  })

  it('lets the lang query key override the path language and remembers the choice', async () => {
    const { recorded } = renderApp('/ja/faq?lang=en&ref=poster')
    expect((await heading()).textContent).toBe('FAQ')
    expect(recorded.location.pathname).toBe('/en/faq')
    expect(recorded.location.search).toBe('?ref=poster')
    expect(recorded.rememberedLanguages).toEqual(['en'])
  })

  it('removes the transient retry counter from the address once the page has loaded', async () => {
    const { recorded } = renderApp('/ja/about?retry=3&ref=poster')
    expect((await heading()).textContent).toBe('イベント概要')
    await waitFor(() => expect(recorded.location.search).toBe('?ref=poster'))
    expect(recorded.location.pathname).toBe('/ja/about')
  })

  it('switches language on the same page, keeping the query', async () => {
    renderApp('/ja/venue-map?ref=poster')
    await heading()
    const link = screen.getByRole('link', { name: 'English' })
    expect(link.getAttribute('href')).toBe('/en/venue-map?ref=poster')
    expect(link.getAttribute('hreflang')).toBe('en')
  })
})

describe('special routes', () => {
  it('reloads the whole app when the top page is reached from sign-out', async () => {
    const { recorded } = renderApp({ pathname: '/ja', state: signedOutNavigationState })
    await heading()
    await waitFor(() => expect(recorded.replacedLocations).toEqual(['/ja']))
  })

  it('does not reload the top page otherwise', async () => {
    const { recorded } = renderApp('/ja')
    await heading()
    expect(recorded.replacedLocations).toEqual([])
  })

  it('replaces the page with the configured contact form on contact-us', async () => {
    const { recorded } = renderApp('/en/contact-us')
    expect((await heading()).textContent).toBe('Contact us')
    await waitFor(() => expect(recorded.replacedLocations).toEqual([contactUrl]))
  })

  it('hides the navigation on for-investigation and registration-code', async () => {
    for (const path of ['/ja/for-investigation', '/ja/registration-code']) {
      const { unmount } = renderApp(path)
      await heading()
      expect(screen.queryByRole('navigation')).toBeNull()
      expect(screen.queryByRole('banner')).toBeNull()
      expect(screen.getByRole('main')).toBeTruthy()
      unmount()
    }
  })

  it('shows the navigation on the other pages', async () => {
    renderApp('/ja/faq')
    await heading()
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'サイトマップ' })).toBeTruthy()
  })
})

describe('notifications', () => {
  it('says in a snack bar when the connection drops and when it returns', async () => {
    renderApp('/ja')
    await heading()
    window.dispatchEvent(new Event('offline'))
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toContain(
      'インターネットに接続されていません。',
    )
  }, 20_000)
})

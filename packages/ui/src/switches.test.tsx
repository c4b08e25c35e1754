import { act, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ColorSchemeProvider } from './color-scheme.tsx'
import { createI18n } from './i18n.ts'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { ThemeModeSwitch } from './ThemeModeSwitch.tsx'
import { createAppTheme, themeModeStorageKey } from './theme.ts'

/** jsdom has no matchMedia; this one answers prefers-color-scheme as told. */
function preferDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia
}

function renderSwitch() {
  return render(
    <I18nextProvider i18n={createI18n('ja', {})}>
      <ColorSchemeProvider theme={createAppTheme()}>
        <ThemeModeSwitch />
      </ColorSchemeProvider>
    </I18nextProvider>,
  )
}

describe('theme switch', () => {
  afterEach(() => {
    localStorage.clear()
    document.documentElement.className = ''
  })

  it('follows prefers-color-scheme until the reader chooses', async () => {
    preferDark(true)
    renderSwitch()
    expect((await screen.findByRole('button', { name: 'ダークテーマ', pressed: true })).title).toBe(
      'ライトテーマに切り替える',
    )
    expect(document.documentElement.classList.contains('dark')).toBe(true)
  })

  it('is light by default and remembers the choice of dark', async () => {
    preferDark(false)
    const { unmount } = renderSwitch()
    fireEvent.click(await screen.findByRole('button', { name: 'ダークテーマ', pressed: false }))
    expect(screen.getByRole('button', { name: 'ダークテーマ' }).getAttribute('aria-pressed')).toBe('true')
    expect(localStorage.getItem(themeModeStorageKey)).toBe('dark')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    unmount()
    renderSwitch()
    expect(await screen.findByRole('button', { name: 'ダークテーマ', pressed: true })).toBeTruthy()
  })

  it('follows a choice made in another tab', async () => {
    preferDark(false)
    renderSwitch()
    await screen.findByRole('button', { name: 'ダークテーマ', pressed: false })
    localStorage.setItem(themeModeStorageKey, 'dark')
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: themeModeStorageKey, newValue: 'dark' }))
    })
    expect(await screen.findByRole('button', { name: 'ダークテーマ', pressed: true })).toBeTruthy()
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(document.documentElement.classList.contains('light')).toBe(false)
  })

  it('provides both schemes as CSS variables under the class on <html>', () => {
    preferDark(false)
    renderSwitch()
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n')
    expect(css).toMatch(/:root[^{]*\{[^}]*--mui-palette-primary-main:rgb\(188, 44, 116\)/)
    expect(css).toMatch(/\.dark\{[^}]*--mui-palette-primary-main:rgb\(226, 112, 168\)/)
  })

  it('adopts server-rendered HTML while a stored dark mode is known from the start, then shows it', async () => {
    preferDark(false)
    const i18n = createI18n('ja', {})
    const tree = (
      <I18nextProvider i18n={i18n}>
        <ColorSchemeProvider theme={createAppTheme()}>
          <ThemeModeSwitch />
        </ColorSchemeProvider>
      </I18nextProvider>
    )
    // The prerendered page knows no stored mode: it shows the switch as not dark.
    const container = document.createElement('div')
    container.innerHTML = renderToString(tree)
    document.body.append(container)
    expect(container.querySelector('button')?.getAttribute('aria-pressed')).toBe('false')
    localStorage.setItem(themeModeStorageKey, 'dark')
    const recoverable: unknown[] = []
    const root = hydrateRoot(container, tree, { onRecoverableError: (error) => recoverable.push(error) })
    expect(await screen.findByRole('button', { name: 'ダークテーマ', pressed: true })).toBeTruthy()
    expect(recoverable).toEqual([])
    act(() => root.unmount())
    container.remove()
  })

  it('keeps a choice the browser refuses to store for the rest of the page, and says so', async () => {
    preferDark(false)
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderSwitch()
    fireEvent.click(await screen.findByRole('button', { name: 'ダークテーマ', pressed: false }))
    expect(screen.getByRole('button', { name: 'ダークテーマ' }).getAttribute('aria-pressed')).toBe('true')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(warn).toHaveBeenCalledTimes(1)
    setItem.mockRestore()
    warn.mockRestore()
    // Once storing works again, the next choice is remembered.
    fireEvent.click(screen.getByRole('button', { name: 'ダークテーマ' }))
    expect(localStorage.getItem(themeModeStorageKey)).toBe('light')
    expect(document.documentElement.classList.contains('light')).toBe(true)
  })
})

describe('language switch', () => {
  it('links to the same page in the other language, labelled in that language', () => {
    const chosen: string[] = []
    render(
      <I18nextProvider i18n={createI18n('ja', {})}>
        <LanguageSwitch
          current="ja"
          hrefFor={(language) => `/${language}/faq`}
          onSelect={(l) => chosen.push(l)}
        />
      </I18nextProvider>,
    )
    const link = screen.getByRole('link', { name: 'English' })
    expect(link.getAttribute('href')).toBe('/en/faq')
    expect(link.getAttribute('lang')).toBe('en')
    expect(link.getAttribute('title')).toBe('Show in English')
    fireEvent.click(link)
    expect(chosen).toEqual(['en'])
  })
})

import { GlobalStyles } from '@mui/material'
import ThemeProvider from '@mui/system/ThemeProvider'
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react'
import { type AppTheme, type ThemeMode, themeModeStorageKey } from './theme.ts'

/** What the reader chose: a scheme, or `system` (follow prefers-color-scheme), MUI's stored values. */
type ThemeModeChoice = ThemeMode | 'system'

const darkQuery = '(prefers-color-scheme: dark)'
const schemes: readonly ThemeMode[] = ['light', 'dark']
/** Changes made on this page; other tabs tell theirs through the `storage` event. */
const localListeners = new Set<() => void>()

/** A choice the browser refused to store: it holds for the rest of this page's life. */
let unsavedChoice: ThemeMode | undefined

function storedChoice(): ThemeModeChoice {
  if (unsavedChoice) return unsavedChoice
  let stored: string | null
  try {
    stored = window.localStorage.getItem(themeModeStorageKey)
  } catch {
    // Storage refused (a browser's privacy setting): the page follows the system, as on a first visit.
    return 'system'
  }
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

function systemScheme(): ThemeMode {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches ? 'dark' : 'light'
}

function shownScheme(): ThemeMode {
  const choice = storedChoice()
  return choice === 'system' ? systemScheme() : choice
}

function subscribe(listener: () => void): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(darkQuery) : undefined
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeModeStorageKey || event.key === null) listener()
  }
  localListeners.add(listener)
  media?.addEventListener('change', listener)
  window.addEventListener('storage', onStorage)
  return () => {
    localListeners.delete(listener)
    media?.removeEventListener('change', listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** A prerendered page knows no stored choice: it renders as the light default and settles once hydrated. */
const serverScheme = () => undefined

/**
 * The scheme on screen, `undefined` while React adopts server-rendered HTML (then the caller renders again,
 * and only the caller), and the setter that remembers the reader's choice for every later visit.
 */
export function useColorScheme(): { scheme: ThemeMode | undefined; setScheme: (scheme: ThemeMode) => void } {
  const scheme = useSyncExternalStore(subscribe, shownScheme, serverScheme)
  return { scheme, setScheme: chooseScheme }
}

function chooseScheme(scheme: ThemeMode) {
  try {
    window.localStorage.setItem(themeModeStorageKey, scheme)
    unsavedChoice = undefined
  } catch (error) {
    // The choice still holds on this page; only the next visit forgets it.
    unsavedChoice = scheme
    console.warn('The colour scheme could not be remembered', error)
  }
  for (const listener of localListeners) listener()
}

/** The class on <html> that selects the scheme's CSS variables (colorSchemeAttribute). */
function showScheme(scheme: ThemeMode) {
  const root = document.documentElement
  if (
    root.classList.contains(scheme) &&
    schemes.every((other) => other === scheme || !root.classList.contains(other))
  )
    return
  // Every colour would fade between the schemes otherwise: switch them at once, then let transitions run again.
  const instant = document.createElement('style')
  instant.textContent = '*{transition:none!important}'
  document.head.append(instant)
  root.classList.remove(...schemes)
  root.classList.add(scheme)
  window.getComputedStyle(document.body)
  requestAnimationFrame(() => instant.remove())
}

/** Keeps <html>'s class on the scheme shown; a child of its own, so a change re-renders nothing else. */
function SchemeClass() {
  const { scheme } = useColorScheme()
  useEffect(() => {
    if (scheme) showScheme(scheme)
  }, [scheme])
  return null
}

/**
 * The theme in both colour schemes, as CSS variables under `.light`/`.dark` on <html> (docs/decisions/207):
 * the theme object is the same in either scheme, so it is provided once and never recomputed; the script in
 * the page's head has put the right class on <html> before the first paint, and this keeps it on the scheme
 * shown when the reader switches, the system's preference changes or another tab chooses.
 */
export function ColorSchemeProvider({ theme, children }: { theme: AppTheme; children?: ReactNode }) {
  // As MUI's own provider does: the components read plain `var(--mui-…)` references (the theme's own `vars`
  // carry each light value as a fallback), and the spacing is made from them.
  const provided = useMemo(() => {
    const withVariables: AppTheme = { ...theme, vars: theme.generateThemeVars() }
    withVariables.spacing = withVariables.generateSpacing()
    return withVariables
  }, [theme])
  const styles = useMemo(() => theme.generateStyleSheets(), [theme])
  return (
    <ThemeProvider theme={provided}>
      {children}
      <GlobalStyles styles={styles} />
      <SchemeClass />
    </ThemeProvider>
  )
}

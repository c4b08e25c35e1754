import { IconButton } from '@mui/material'
import { useColorScheme } from '@mui/material/styles'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { DarkModeIcon, LightModeIcon } from './icons.ts'

const subscribeToNothing = () => () => {}

/**
 * False while React adopts server-rendered HTML, true otherwise: after hydration React renders the caller
 * again, and only the caller.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}

/**
 * The visible light/dark switch. MUI remembers the choice in localStorage (`mui-mode`); until the user
 * chooses, the mode is `system` and follows `prefers-color-scheme`. A prerendered page does not know the
 * mode, so while it is hydrated the button renders as "not dark" and settles on the real state right after:
 * the theme provider may then know the mode from the start (`noSsr`) without rendering the whole page twice.
 */
export function ThemeModeSwitch() {
  const { t } = useTranslation('common')
  const { mode, systemMode, setMode } = useColorScheme()
  const hydrated = useHydrated()
  const shown = mode === 'system' ? systemMode : mode
  const isDark = hydrated && shown === 'dark'
  return (
    <IconButton
      color="inherit"
      aria-label={t('theme.dark')}
      aria-pressed={isDark}
      title={isDark ? t('theme.switchToLight') : t('theme.switchToDark')}
      onClick={() => setMode(isDark ? 'light' : 'dark')}
    >
      {isDark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  )
}

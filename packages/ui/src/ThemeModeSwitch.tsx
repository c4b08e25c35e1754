import { IconButton } from '@mui/material'
import { useColorScheme } from '@mui/material/styles'
import { useTranslation } from 'react-i18next'
import { DarkModeIcon, LightModeIcon } from './icons.ts'

/**
 * The visible light/dark switch. MUI remembers the choice in localStorage (`mui-mode`); until the user
 * chooses, the mode is `system` and follows `prefers-color-scheme`. Before hydration the mode is unknown, so
 * the button first renders as "not dark" and settles on the real state once mounted.
 */
export function ThemeModeSwitch() {
  const { t } = useTranslation('common')
  const { mode, systemMode, setMode } = useColorScheme()
  const shown = mode === 'system' ? systemMode : mode
  const isDark = shown === 'dark'
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

import { IconButton } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useColorScheme } from './color-scheme.tsx'
import { DarkModeIcon, LightModeIcon } from './icons.ts'

/**
 * The visible light/dark switch. The choice is remembered in localStorage (`mui-mode`, the key the head's
 * script reads); until the user chooses, the page follows `prefers-color-scheme`. A prerendered page does not
 * know the scheme, so while it is hydrated the button renders as "not dark" and settles on the real state right
 * after, without rendering the rest of the page again.
 */
export function ThemeModeSwitch() {
  const { t } = useTranslation('common')
  const { scheme, setScheme } = useColorScheme()
  const isDark = scheme === 'dark'
  return (
    <IconButton
      color="inherit"
      aria-label={t('theme.dark')}
      aria-pressed={isDark}
      title={isDark ? t('theme.switchToLight') : t('theme.switchToDark')}
      onClick={() => setScheme(isDark ? 'light' : 'dark')}
    >
      {isDark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  )
}

import { createAppTheme } from '@furfes/ui'
import { CssBaseline, ThemeProvider } from '@mui/material'
import { useMemo } from 'react'
import { I18nextProvider } from 'react-i18next'
import { HomePage } from './HomePage.tsx'
import { createReceptionI18n } from './i18n.ts'

export function App() {
  const i18n = useMemo(() => createReceptionI18n('ja'), [])
  const theme = useMemo(() => createAppTheme('light'), [])
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <HomePage />
      </ThemeProvider>
    </I18nextProvider>
  )
}

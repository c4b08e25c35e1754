import { createAppTheme } from '@furfes/ui'
import { CssBaseline, ThemeProvider } from '@mui/material'
import { useMemo } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { createPwaI18n } from './i18n.ts'
import { routes } from './routes.tsx'

export function App() {
  const i18n = useMemo(() => createPwaI18n('ja'), [])
  const router = useMemo(() => createBrowserRouter(routes), [])
  const theme = useMemo(() => createAppTheme('light'), [])
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </I18nextProvider>
  )
}

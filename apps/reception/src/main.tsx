// First: Zod must not try eval under our Content-Security-Policy (docs/decisions/093).
import './zod-config.ts'
import { chooseStoredLanguage, createAppStorage, isLanguage, systemClock } from '@furfes/core'
import { loadRuntimeConfig } from '@furfes/ui/runtime-config'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { App } from './App.tsx'
import { createBrowserServices } from './app/create-services.ts'
import { signOutAndForget } from './app/sign-out.ts'
import { createReceptionI18n } from './i18n.ts'
import { registerServiceWorker } from './pwa.ts'
import { createRoutes } from './routes.tsx'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

const pathLanguage = window.location.pathname.split('/')[1]
const language = isLanguage(pathLanguage)
  ? pathLanguage
  : chooseStoredLanguage(createAppStorage(window.localStorage, systemClock), navigator.language)
const i18n = createReceptionI18n(language)

try {
  // The service worker answers /config.json from its cache when the venue is offline.
  const config = await loadRuntimeConfig()
  const services = createBrowserServices(config)
  await services.store.load()
  // Left unused past the limit (closed, or asleep in a bag): forget before anything is shown (decision 077).
  if (services.idle.isExpired()) await signOutAndForget(services)
  const router = createBrowserRouter(createRoutes())
  const onError = (error: unknown) => services.reportError(error, { where: 'react' })
  createRoot(container, {
    onCaughtError: onError,
    onUncaughtError: onError,
    onRecoverableError: onError,
  }).render(
    <StrictMode>
      <App i18n={i18n} services={services}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>,
  )
  services.startErrorReporting()
  registerServiceWorker((error) => services.reportError(error, { where: 'service-worker' }))
} catch (error) {
  // Without configuration nothing works; say so plainly rather than showing a blank page.
  container.textContent = i18n.t('reception:startFailed')
  throw error
}

// Starts the app: services, routes, and hydration of a prerendered page (or rendering in the browser).
import { defaultLanguage, memberAuthStorageKeys, preloadRetryLimit } from '@furfes/core'
import { installPreloadRetry, loadErrorReportingConfig } from '@furfes/ui'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './App.tsx'
import { createBrowserServices } from './app/create-services.ts'
import { loadWithRetry, setLoadFailureHandler } from './app/load-failure.ts'
import { appStarted } from './app/started.ts'
import { createPwaI18n, ensurePwaLanguage } from './i18n.ts'
import { languageQueryKey, splitLanguagePath } from './language.ts'
import { createAppRoutes } from './routes.tsx'

const preloadRetry = installPreloadRetry({ limit: preloadRetryLimit })
setLoadFailureHandler(() => preloadRetry.reload())
const services = createBrowserServices()
const { AppRoutes, preloadPage } = createAppRoutes({ onLoadFailure: () => preloadRetry.reload() })
const language = splitLanguagePath(window.location.pathname).language ?? defaultLanguage
const i18n = createPwaI18n(language)
// The page's language's strings are there before the first render (each language loads in its own chunk).
const stringsReady = loadWithRetry(() => ensurePwaLanguage(i18n, language))

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')
const app = (
  <StrictMode>
    <App i18n={i18n} services={services}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>
)
const onError = (error: unknown) => services.errors.report(error, { where: 'react' })
// A hydration mismatch makes React redraw the page: a defect, so it goes to the console too, as React's own
// handler would send it (where the end-to-end tests catch it), besides the report.
const onRecoverableError = (error: unknown) => {
  console.error(error)
  onError(error)
}
const rootOptions = { onCaughtError: onError, onUncaughtError: onError, onRecoverableError }
// A prerendered page is adopted as it is, unless the address asks for another language (`?lang=en`): the
// app then renders that language itself, so the first render could not match the HTML.
const adoptable =
  container.hasChildNodes() && !new URLSearchParams(window.location.search).has(languageQueryKey)
if (adoptable) {
  // A prerendered page: React adopts its HTML once the page's own script is loaded (the HTML preloads it), so
  // nothing suspends and nothing is rendered twice. As a transition, hydration runs in slices and yields to
  // the browser in between, so reading and scrolling stay responsive on slow phones meanwhile.
  void Promise.all([preloadPage(window.location.pathname), stringsReady]).then(() =>
    startTransition(() => {
      hydrateRoot(container, app, rootOptions)
    }),
  )
} else {
  void stringsReady.then(() => {
    container.replaceChildren()
    createRoot(container, rootOptions).render(app)
  })
}

const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window
    ? window.requestIdleCallback(task, { timeout: 5000 })
    : setTimeout(task, 2000)
// Error reporting starts once the page is up and the browser is idle, whether or not the app starts; errors
// before that wait in the reporter. Without a DSN in /config.json the SDK is never fetched.
whenIdle(() => {
  loadErrorReportingConfig()
    .then((options) => services.errors.start(options))
    .catch((error: unknown) => services.errors.report(error, { where: 'config' }))
})
// The service worker (docs/decisions/090), whose install fetches the whole precache, and the registration code's
// refresh wait until the app has started and the browser is idle: never competing with start-up (decision 213).
void appStarted.then(() => whenIdle(startBackgroundWork))

function startBackgroundWork() {
  if ('serviceWorker' in navigator && !import.meta.env.DEV) {
    import('./offline/start-offline.ts')
      .then(({ startOffline }) =>
        startOffline({
          notifications: services.notifications,
          // The address's language: the one the page shows.
          language: () => splitLanguagePath(window.location.pathname).language ?? defaultLanguage,
          reload: () => window.location.reload(),
        }),
      )
      .catch((error: unknown) => services.errors.report(error, { where: 'service-worker' }))
  }
  // A signed-in visitor's kept registration code is refreshed while the app is open (decision 121); anyone
  // else never loads the account code for it.
  if (window.localStorage.getItem(memberAuthStorageKeys.refreshToken) !== null) {
    import('./offline/registration-code-refresh.ts')
      .then(({ startRegistrationCodeRefresh }) =>
        startRegistrationCodeRefresh({
          account: () => services.account(),
          report: (error, context) => services.errors.report(error, context),
          clock: Date.now,
        }),
      )
      .catch((error: unknown) => services.errors.report(error, { where: 'registration-code-refresh' }))
  }
}

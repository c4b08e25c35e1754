// The entry: starts the app after the browser has painted the page. A prerendered page is readable from its
// HTML alone, so nothing else may compete with it for a slow connection or a slow processor until it is on
// screen; then the app and the page's own script load (docs/decisions/041).
// First: Zod must not try eval under our Content-Security-Policy (docs/decisions/093).
import './zod-config.ts'
import { type Language, preloadRetryLimit } from '@furfes/core'
import { locationAfterPreloadFailure } from '@furfes/ui'
import { keepInstallPrompt } from './app/install-prompt.ts'
import { pageForPath } from './pages.ts'

// Before anything else can miss it: the browser fires its install prompt once per page load.
keepInstallPrompt(window)

const retry = () =>
  window.location.replace(locationAfterPreloadFailure(window.location.href, preloadRetryLimit))

/** A new task, so the browser can paint and answer input between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Evaluating React DOM and evaluating the rest of the app are two tasks, not one: each stays short enough that a
 * slow phone keeps answering taps and scrolls meanwhile (Total Blocking Time).
 */
async function start() {
  // The address's language spelled out here: core's language module would add to the entry (decision 041).
  const [, first] = window.location.pathname.split('/')
  const language: Language | undefined = first === 'ja' || first === 'en' ? first : undefined
  if (language)
    void pageForPath(window.location.pathname)
      ?.load(language)
      .catch(() => {})
  await import('react-dom/client')
  await nextTask()
  await import('./boot.tsx')
}

requestAnimationFrame(() => setTimeout(() => start().catch(retry), 0))

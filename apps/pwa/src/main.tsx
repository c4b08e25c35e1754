// The entry: starts the app after the browser has painted the page. A prerendered page is readable from its
// HTML alone, so nothing else may compete with it for a slow connection or a slow processor until it is on
// screen; then the app and the page's own script download in parallel (docs/decisions/041).
import { preloadRetryLimit } from '@furfes/core'
import { locationAfterPreloadFailure } from '@furfes/ui'
import { pageForPath } from './pages.ts'

const retry = () =>
  window.location.replace(locationAfterPreloadFailure(window.location.href, preloadRetryLimit))

const start = () => {
  void pageForPath(window.location.pathname)
    ?.load()
    .catch(() => {})
  import('./boot.tsx').catch(retry)
}
requestAnimationFrame(() => setTimeout(start, 0))

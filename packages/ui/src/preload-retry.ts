/** The address key that counts reloads after a failed script or stylesheet load. */
export const preloadRetryQueryKey = 'retry'

/**
 * Where to go after a lazily loaded page's script or stylesheet failed to load (docs/requirements.md SITE-11): the
 * same address with the retry counter one higher, up to `limit` retries; after that the site's origin without
 * the counter, so a visitor is never stuck in a reload loop on a page that cannot load.
 */
export function locationAfterPreloadFailure(href: string, limit: number): string {
  const url = new URL(href)
  const count = Number.parseInt(url.searchParams.get(preloadRetryQueryKey) ?? '0', 10)
  const retries = Number.isSafeInteger(count) && count > 0 ? count : 0
  if (retries >= limit) return `${url.origin}/`
  url.searchParams.set(preloadRetryQueryKey, String(retries + 1))
  return url.href
}

export interface PreloadRetry {
  /** Replaces the page with the next retry (or the origin); returns a promise that never settles. */
  reload(): Promise<never>
}

/**
 * Reloads the page when Vite reports a failed preload (`vite:preloadError`), and gives lazy imports a
 * `reload()` to call when their own chunk fails (they still see the error). Only the first failure of a page
 * reloads it.
 */
export function installPreloadRetry({
  limit,
  target = window,
  replace = (href: string) => window.location.replace(href),
}: {
  limit: number
  target?: Pick<Window, 'addEventListener' | 'location'>
  replace?: (href: string) => void
}): PreloadRetry {
  let reloading = false
  const never = new Promise<never>(() => {})
  const reload = () => {
    if (!reloading) {
      reloading = true
      replace(locationAfterPreloadFailure(target.location.href, limit))
    }
    return never
  }
  // The error still reaches the import that failed (no preventDefault): prevented, Vite would resolve that
  // import with `undefined`, and the code reading the module would throw while the page is being replaced.
  target.addEventListener('vite:preloadError', () => {
    void reload()
  })
  return { reload }
}

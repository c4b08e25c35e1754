import type { AccountServices } from '../account/account-services.ts'
import { refreshKeptRegistrationCode } from '../account/registration-code.ts'
import type { CachedRegistrationCode } from './registration-code-cache.ts'

type Listener = (code: CachedRegistrationCode) => void
const listeners = new Set<Listener>()

/** Tells the registration-code page about a code the background refresh kept, so it shows the new one. */
export function onRegistrationCodeRefreshed(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Switching between apps fires visibility and network events in bursts; one refresh per this interval is
 * recent enough for a code that is valid to the event day.
 */
const defaultMinIntervalMs = 60_000

/**
 * Refreshes the kept registration code whenever the app is open online (decision 121): now, when the page
 * becomes visible again and when the network comes back. Returns the function that stops listening.
 */
export function startRegistrationCodeRefresh(options: {
  account: () => Promise<AccountServices>
  report: (error: unknown, context: { where: string }) => void
  clock: () => number
  minIntervalMs?: number
}): () => void {
  const minIntervalMs = options.minIntervalMs ?? defaultMinIntervalMs
  let lastAttempt = Number.NEGATIVE_INFINITY
  let running = false

  async function refresh() {
    const now = options.clock()
    if (running || !navigator.onLine || now - lastAttempt < minIntervalMs) return
    running = true
    lastAttempt = now
    try {
      const code = await refreshKeptRegistrationCode(await options.account())
      if (code) for (const listener of listeners) listener(code)
    } catch (error) {
      options.report(error, { where: 'registration-code-refresh' })
    } finally {
      running = false
    }
  }

  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') void refresh()
  }
  const onOnline = () => void refresh()
  document.addEventListener('visibilitychange', onVisibilityChange)
  window.addEventListener('online', onOnline)
  void refresh()
  return () => {
    document.removeEventListener('visibilitychange', onVisibilityChange)
    window.removeEventListener('online', onOnline)
  }
}

import type { Store } from '@furfes/core'

/**
 * Whether the browser has a network (`navigator.onLine`: false means certainly offline, true only that a
 * network is attached), changing with the browser's online and offline events. Reads the window only when
 * used, so prerendering can import it.
 */
export const browserOnline: Store<boolean> = {
  getSnapshot: () => navigator.onLine,
  subscribe(listener) {
    window.addEventListener('online', listener)
    window.addEventListener('offline', listener)
    return () => {
      window.removeEventListener('online', listener)
      window.removeEventListener('offline', listener)
    }
  },
}

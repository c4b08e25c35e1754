import { useEffect, useState } from 'react'

/**
 * Keeps the screen on while `active` (Screen Wake Lock API): a phone that dims while its owner queues at the
 * desk makes the QR unreadable. The browser drops the lock when the page is hidden; it is asked for again
 * when the page is shown, and let go when the component unmounts. Answers whether the screen is held awake
 * now (false where the API is missing or the browser refuses, e.g. on low battery: the page works as before).
 */
export function useScreenWakeLock(active: boolean): boolean {
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return
    let live = true
    let sentinel: WakeLockSentinel | undefined

    async function acquire() {
      if (!live || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return
      try {
        const next = await navigator.wakeLock.request('screen')
        if (!live) {
          await next.release()
          return
        }
        sentinel = next
        setHeld(true)
        next.addEventListener('release', () => {
          if (sentinel === next) setHeld(false)
        })
      } catch {
        // Refused (battery saver, a page without focus, a policy): the code stays readable, only the screen
        // may dim; nothing for the participant to act on.
        setHeld(false)
      }
    }

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void acquire()
      else if (sentinel && !sentinel.released) void sentinel.release()
    }
    document.addEventListener('visibilitychange', onVisibilityChange)
    void acquire()
    return () => {
      live = false
      document.removeEventListener('visibilitychange', onVisibilityChange)
      if (sentinel && !sentinel.released) void sentinel.release()
      setHeld(false)
    }
  }, [active])
  return held
}

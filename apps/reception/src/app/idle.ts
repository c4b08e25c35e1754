import type { Clock, KeyValueStorage } from '@furfes/core'

const lastUsedStorageKey = 'furfesReceptionLastUsedAt'

/** Longer than a day at the door, breaks included, and shorter than a night in a bag (decision 077). */
export const defaultIdleWipeHours = 12

const hourMs = 3_600_000

export interface IdleWatch {
  /** Whether the device has gone unused for the limit since it was last used. */
  isExpired(): boolean
  /**
   * While an admin is signed in: counts this moment and every touch or key press on `target` as use, and
   * calls `onExpired` once the limit passes without use (checked every minute, and at the first touch after a
   * sleep). Returns the function that stops watching.
   */
  watch(onExpired: () => void, target?: EventTarget): () => void
}

export interface IdleWatchOptions {
  storage: KeyValueStorage
  clock: Clock
  idleHours?: number
  checkEveryMs?: number
}

/**
 * When the reception device was last used, kept in localStorage so a tablet left closed past the limit is
 * caught when the app next starts. Writes at most once a minute: a touch is frequent, the limit is hours.
 */
export function createIdleWatch(options: IdleWatchOptions): IdleWatch {
  const { storage, clock } = options
  const idleMs = (options.idleHours ?? defaultIdleWipeHours) * hourMs
  const checkEveryMs = options.checkEveryMs ?? 60_000
  let lastUsedAt = read()
  let writtenAt = lastUsedAt ?? Number.NEGATIVE_INFINITY
  let onExpired: (() => void) | undefined

  function read(): number | undefined {
    const value = Number(storage.getItem(lastUsedStorageKey) ?? Number.NaN)
    return Number.isFinite(value) && value > 0 ? value : undefined
  }

  function use(force: boolean) {
    const now = clock()
    lastUsedAt = now
    if (!force && now - writtenAt < 60_000) return
    writtenAt = now
    try {
      storage.setItem(lastUsedStorageKey, String(now))
    } catch {
      // A full or private storage: the limit still holds while the app stays open.
    }
  }

  const isExpired = () => lastUsedAt !== undefined && clock() - lastUsedAt >= idleMs

  function check() {
    if (!onExpired || !isExpired()) return false
    const expired = onExpired
    onExpired = undefined
    expired()
    return true
  }

  return {
    isExpired,
    watch(callback, target = document) {
      onExpired = callback
      use(true)
      // The first touch after a long sleep must not count as use before the limit is checked.
      const touched = () => {
        if (!check()) use(false)
      }
      target.addEventListener('pointerdown', touched, { capture: true })
      target.addEventListener('keydown', touched, { capture: true })
      const timer = setInterval(check, checkEveryMs)
      return () => {
        onExpired = undefined
        clearInterval(timer)
        target.removeEventListener('pointerdown', touched, { capture: true })
        target.removeEventListener('keydown', touched, { capture: true })
      }
    },
  }
}

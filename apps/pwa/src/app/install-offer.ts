// What My Page's install offer reads of the browser's install prompt (docs/decisions/128). The entry keeps
// the prompt (src/app/install-prompt.ts); this module loads with My Page only.
import type { Store } from '@furfes/core'
import { keptPromptKey, promptKeptEvent } from './install-prompt.ts'

/** Chromium's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/**
 * The browser's deferred prompt while it can still be shown; subscribers hear when it becomes available or is
 * used up (shown, or the app installed).
 */
export interface InstallPromptSource extends Store<InstallPromptEvent | undefined> {
  /** A prompt can be shown once: forget it after showing it. */
  consume(): void
}

/**
 * The prompt the entry kept on `target` (the window), and what becomes of it. The window holds it and its
 * events tell of each change, so this module adds no state of its own.
 */
export function installPromptSource(target: Window): InstallPromptSource {
  const kept = target as unknown as Record<string, InstallPromptEvent | undefined>
  const forget = () => {
    kept[keptPromptKey] = undefined
  }
  return {
    getSnapshot: () => kept[keptPromptKey],
    subscribe(listener) {
      const installed = () => {
        forget()
        listener()
      }
      target.addEventListener(promptKeptEvent, listener)
      target.addEventListener('appinstalled', installed)
      return () => {
        target.removeEventListener(promptKeptEvent, listener)
        target.removeEventListener('appinstalled', installed)
      }
    },
    consume() {
      forget()
      // The kept prompt changed (to none): the same event as when one arrives.
      target.dispatchEvent(new Event(promptKeptEvent))
    },
  }
}

// What My Page's install offer reads of the browser's install prompt (docs/decisions/128). The entry keeps
// the prompt (src/app/install-prompt.ts); this module loads with My Page only.
import { keptPromptKey, promptKeptEvent } from './install-prompt.ts'

/** Chromium's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface InstallPromptSource {
  /** The browser's deferred prompt, while it can still be shown. */
  current(): InstallPromptEvent | undefined
  /** Called when the prompt becomes available or is used up (shown, or the app installed). */
  subscribe(listener: () => void): () => void
  /** A prompt can be shown once: forget it after showing it. */
  consume(): void
}

/** The prompt the entry kept on `target` (the window), and what becomes of it. */
export function installPromptSource(target: Window): InstallPromptSource {
  const kept = target as unknown as Record<string, InstallPromptEvent | undefined>
  const listeners = new Set<() => void>()
  return {
    current: () => kept[keptPromptKey],
    subscribe(listener) {
      const installed = () => {
        kept[keptPromptKey] = undefined
        listener()
      }
      listeners.add(listener)
      target.addEventListener(promptKeptEvent, listener)
      target.addEventListener('appinstalled', installed)
      return () => {
        listeners.delete(listener)
        target.removeEventListener(promptKeptEvent, listener)
        target.removeEventListener('appinstalled', installed)
      }
    },
    consume() {
      kept[keptPromptKey] = undefined
      for (const listener of listeners) listener()
    },
  }
}

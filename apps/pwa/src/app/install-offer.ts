// What the browser offers for installing the app (docs/decisions/128). Kept tiny: the entry loads it on every
// page so the browser's one `beforeinstallprompt` event is not lost before My Page shows the offer.

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

let shared: InstallPromptSource | undefined

/**
 * Holds the browser's install prompt from the first moment the page runs. The browser's own mini-infobar is
 * held back (preventDefault) so the only offer is ours, made where it helps and dismissed for good.
 */
export function captureInstallPrompt(target: Window): InstallPromptSource {
  let deferred: InstallPromptEvent | undefined
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as InstallPromptEvent
    changed()
  })
  target.addEventListener('appinstalled', () => {
    deferred = undefined
    changed()
  })
  shared = {
    current: () => deferred,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    consume() {
      deferred = undefined
      changed()
    },
  }
  return shared
}

/** The source the entry started, or one that never offers (prerendering, tests without it). */
export function installPromptSource(): InstallPromptSource {
  return shared ?? { current: () => undefined, subscribe: () => () => {}, consume() {} }
}

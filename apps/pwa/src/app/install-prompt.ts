// The one piece of the install offer every page loads (docs/decisions/128): as small as it can be, since it
// counts against the top page's script budget. The rest (src/app/install-offer.ts) loads with My Page.

/** Where the kept prompt waits, and the event that says it arrived (or was used up). */
export const keptPromptKey = '__furfesInstallPrompt'
export const promptKeptEvent = 'furfes:install-prompt'

/**
 * Keeps the browser's `beforeinstallprompt` event for My Page's offer and holds back Chromium's own
 * mini-infobar (`preventDefault`), so the only offer is ours, made where it helps.
 */
export function keepInstallPrompt(target: Window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    ;(target as unknown as Record<string, Event>)[keptPromptKey] = event
    target.dispatchEvent(new Event(promptKeptEvent))
  })
}

// When the app has started: its first render committed, whether it adopted a prerendered page or rendered one.

let resolveStarted: () => void = () => {}

/** Settles once the app has started; work that must not compete with start-up waits for it (decision 213). */
export const appStarted = new Promise<void>((resolve) => {
  resolveStarted = resolve
})

/**
 * Marks the app as started. Links navigate inside the app from now on; the attribute lets end-to-end tests wait
 * for that instead of for time.
 */
export function markAppStarted(): void {
  document.documentElement.dataset.app = 'ready'
  resolveStarted()
}

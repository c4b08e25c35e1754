import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** Rejects: where no reload is possible (prerendering, tests), a failed load reaches the route error page. */
const propagate = (error: unknown): Promise<never> => Promise.reject(error)

let handleLoadFailure: (error: unknown) => Promise<never> = propagate

/**
 * What every lazily loaded module of the app does when its script cannot be fetched (a deploy replaced it, the
 * connection dropped): the browser entry sets the preload-retry reload (a retry counter in the address, up to 5
 * retries, then the origin: decision 042). Set once, by `boot.tsx`.
 */
export function setLoadFailureHandler(handler: (error: unknown) => Promise<never>): void {
  handleLoadFailure = handler
}

/** Loads a module; a failure goes to the load-failure handler. */
export function loadWithRetry<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => handleLoadFailure(error))
}

/** `React.lazy` whose module, when it cannot be loaded, reloads the page with the retry counter. */
export function lazyWithRetry<T extends ComponentType>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => loadWithRetry(load))
}

/** Whether the API can be reached, as far as this device can tell. */
export type ConnectivityState = 'online' | 'offline'

export interface Connectivity {
  getState(): ConnectivityState
  subscribe(listener: () => void): () => void
  /** A request reached the API. */
  reportReachable(): void
  /** A request could not reach the API (fetch rejected): offline until one gets through again. */
  reportUnreachable(): void
}

export interface ConnectivityEnvironment {
  /** `navigator.onLine`: false means certainly offline; true only means a network is attached. */
  isOnline(): boolean
  /** Calls back on the browser's online and offline events; returns the unsubscribe. */
  onChange(listener: () => void): () => void
}

export function browserConnectivityEnvironment(target: Window = window): ConnectivityEnvironment {
  return {
    isOnline: () => target.navigator.onLine,
    onChange(listener) {
      target.addEventListener('online', listener)
      target.addEventListener('offline', listener)
      return () => {
        target.removeEventListener('online', listener)
        target.removeEventListener('offline', listener)
      }
    },
  }
}

/**
 * Online or offline is detected, never switched by hand (staff at pretix's scanners forget the switch): the
 * browser's events say when the network goes away or comes back, and each request says whether the API is
 * actually reachable behind a network that looks connected (venue Wi-Fi without uplink).
 */
export function createConnectivity(environment: ConnectivityEnvironment): Connectivity {
  const listeners = new Set<() => void>()
  let reachable = true
  let state: ConnectivityState = compute()

  function compute(): ConnectivityState {
    return environment.isOnline() && reachable ? 'online' : 'offline'
  }

  function update() {
    const next = compute()
    if (next === state) return
    state = next
    for (const listener of listeners) listener()
  }

  environment.onChange(() => {
    // The network came back: assume the API is reachable until a request says otherwise.
    if (environment.isOnline()) reachable = true
    update()
  })

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    reportReachable() {
      reachable = true
      update()
    },
    reportUnreachable() {
      reachable = false
      update()
    },
  }
}

import { createStore, type Store } from '@furfes/core'

/** Whether the API can be reached, as far as this device can tell. */
export type ConnectivityState = 'online' | 'offline'

export interface Connectivity extends Store<ConnectivityState> {
  /** A request reached the API. */
  reportReachable(): void
  /** A request could not reach the API (fetch rejected): offline until one gets through again. */
  reportUnreachable(): void
}

/**
 * Online or offline is detected, never switched by hand (staff at pretix's scanners forget the switch): the
 * `network` (the browser's, `browserOnline` of packages/ui) says when the network goes away or comes back,
 * and each request says whether the API is actually reachable behind a network that looks connected (venue
 * Wi-Fi without uplink).
 */
export function createConnectivity(network: Store<boolean>): Connectivity {
  let reachable = true
  const compute = (): ConnectivityState => (network.getSnapshot() && reachable ? 'online' : 'offline')
  const { set, ...state } = createStore(compute())
  const update = () => set(compute())

  network.subscribe(() => {
    // The network came back: assume the API is reachable until a request says otherwise.
    if (network.getSnapshot()) reachable = true
    update()
  })

  return {
    ...state,
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

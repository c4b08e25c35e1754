import { useSyncExternalStore } from 'react'
import type { DeviceIdentity, ReceptionSnapshot } from '../data/store.ts'
import type { ConnectivityState } from '../sync/connectivity.ts'
import type { SyncState } from '../sync/sync-engine.ts'
import { useServices } from './services.tsx'

export function useReceptionSnapshot(): ReceptionSnapshot {
  const { store } = useServices()
  return useSyncExternalStore(store.subscribe, store.getSnapshot)
}

export function useSyncState(): SyncState {
  const { sync } = useServices()
  return useSyncExternalStore(sync.subscribe, sync.getState)
}

export function useConnectivity(): ConnectivityState {
  const { connectivity } = useServices()
  return useSyncExternalStore(connectivity.subscribe, connectivity.getState)
}

export function useDevice(): DeviceIdentity {
  const { device } = useServices()
  return useSyncExternalStore(device.subscribe, device.get)
}

import { useStore } from '@furfes/ui'
import type { DeviceIdentity, ReceptionSnapshot } from '../data/store.ts'
import type { ConnectivityState } from '../sync/connectivity.ts'
import type { SyncState } from '../sync/sync-engine.ts'
import { useServices } from './services.tsx'

export function useReceptionSnapshot(): ReceptionSnapshot {
  return useStore(useServices().store)
}

export function useSyncState(): SyncState {
  return useStore(useServices().sync)
}

export function useConnectivity(): ConnectivityState {
  return useStore(useServices().connectivity)
}

export function useDevice(): DeviceIdentity {
  return useStore(useServices().device)
}

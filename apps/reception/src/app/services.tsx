import type { AdminApiClient, AuthSession, Clock } from '@furfes/core'
import { createServicesContext, type NotificationQueue } from '@furfes/ui'
import type { RuntimeConfig } from '@furfes/ui/runtime-config'
import type { ReceptionStore } from '../data/store.ts'
import type { Camera } from '../scan/camera.ts'
import type { VerdictCue } from '../scan/cue.ts'
import type { QrDecoder } from '../scan/decoder.ts'
import type { Connectivity } from '../sync/connectivity.ts'
import type { SyncEngine } from '../sync/sync-engine.ts'
import type { CodeVerifier } from '../verify/code-verifier.ts'
import type { DeviceSettings } from './device.ts'
import type { IdleWatch } from './idle.ts'

interface Scanner {
  decoder: QrDecoder
  openCamera(): Promise<Camera>
}

/** Everything the screens use, created once in main.tsx (or by a test with fakes). */
export interface ReceptionServices {
  config: Pick<RuntimeConfig, 'apiUrl' | 'pwaUrl'>
  clock: Clock
  session: AuthSession
  api: AdminApiClient
  store: ReceptionStore
  sync: SyncEngine
  connectivity: Connectivity
  device: DeviceSettings
  /** Signs the device out after hours without use (decision 077). */
  idle: IdleWatch
  verifier: CodeVerifier
  scanner: Scanner
  cue: VerdictCue & { unlock(): void }
  notifications: NotificationQueue
  reportError(error: unknown, context?: Record<string, unknown>): void
  rememberLanguage(language: 'ja' | 'en'): void
  download(text: string, fileName: string): void
}

export const { ServicesProvider, useServices } = createServicesContext<ReceptionServices>((services) => ({
  // Through `services` at the time of reporting: tests may swap the reporter after rendering.
  report: (error) => services.reportError(error),
}))

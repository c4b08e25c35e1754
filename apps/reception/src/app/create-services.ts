import {
  createAdminApiClient,
  createAdminAuthSession,
  createAppStorage,
  createCognitoAuthClient,
  defaultRequestTimeoutMs,
  systemClock,
} from '@furfes/core'
import { browserOnline, createErrorReporter, createNotificationQueue } from '@furfes/ui'
import type { RuntimeConfig } from '@furfes/ui/runtime-config'
import { openReceptionDatabase } from '../data/database.ts'
import { createReceptionStore } from '../data/store.ts'
import { downloadText } from '../participants/csv.ts'
import { openRearCamera } from '../scan/camera.ts'
import { createVerdictCue } from '../scan/cue.ts'
import type { QrDecoder } from '../scan/decoder.ts'
import { createConnectivity } from '../sync/connectivity.ts'
import { createSyncEngine } from '../sync/sync-engine.ts'
import { createCodeVerifier } from '../verify/code-verifier.ts'
import { createDeviceSettings } from './device.ts'
import { createIdleWatch } from './idle.ts'
import type { ReceptionServices } from './services.tsx'

/** The real services of the browser: Cognito, the API, IndexedDB, the camera and the speaker. */
export function createBrowserServices(
  config: RuntimeConfig,
): ReceptionServices & { startErrorReporting(): void } {
  const clock = systemClock
  const storage = createAppStorage(window.localStorage, clock)
  const timeoutMs = config.apiTimeoutMs ?? defaultRequestTimeoutMs
  const session = createAdminAuthSession(
    createCognitoAuthClient(
      {
        region: config.cognito.region,
        endpoint: config.cognito.endpoint,
        clientId: config.cognito.admins.clientId,
      },
      // Cognito's calls get the same limit as the API's (decision 016): sign-in at a door on bad Wi-Fi.
      { sdkConfig: { requestHandler: { requestTimeout: timeoutMs } } },
    ),
    storage,
    clock,
  )
  const api = createAdminApiClient({
    baseUrl: config.apiUrl,
    getAuthInfo: () => session.getAuthInfo(),
    timeoutMs,
  })
  const device = createDeviceSettings(window.localStorage)
  const store = createReceptionStore({ db: openReceptionDatabase(), clock, device: device.getSnapshot })
  const connectivity = createConnectivity(browserOnline)
  const errors = createErrorReporter()
  const reportError = (error: unknown, context?: Record<string, unknown>) => errors.report(error, context)
  const notifications = createNotificationQueue()
  const sync = createSyncEngine({
    api,
    store,
    connectivity,
    clock,
    reportError: (error) => reportError(error, { where: 'sync' }),
  })
  return {
    config,
    clock,
    session,
    api,
    store,
    sync,
    connectivity,
    device,
    idle: createIdleWatch({
      storage: window.localStorage,
      clock,
      ...(config.reception?.idleWipeHours === undefined ? {} : { idleHours: config.reception.idleWipeHours }),
    }),
    verifier: createCodeVerifier({
      keys: () => store.getSnapshot().keys,
      editionId: () => store.getSnapshot().edition?.id,
      clock,
    }),
    scanner: { decoder: lazyDecoder(), openCamera: () => openRearCamera() },
    cue: createVerdictCue(),
    notifications,
    reportError,
    rememberLanguage: (language) => storage.set('lang', language),
    download: downloadText,
    startErrorReporting() {
      void errors.start({
        dsn: config.sentry?.dsn,
        tracingTargets: config.sentry?.tracingTargets ?? [config.apiUrl],
        environment: config.sentry?.environment,
      })
    },
  }
}

/**
 * The decoder loads with the camera, not with the sign-in page: the WASM module and @zxing/browser are most of
 * the scanner's weight. zxing-wasm is the default since the benchmark (decision 074).
 */
function lazyDecoder(): QrDecoder {
  let loaded: Promise<QrDecoder> | undefined
  const load = () => {
    loaded ??= import('../scan/zxing-wasm-decoder.ts').then((module) => module.createZxingWasmDecoder())
    return loaded
  }
  return {
    id: 'zxing-wasm',
    decodeFrame: async (frame) => (await load()).decodeFrame(frame),
    decodeFromStream: async (stream, video, onText) => (await load()).decodeFromStream(stream, video, onText),
  }
}

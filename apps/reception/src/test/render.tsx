import {
  type AuthInfo,
  type CognitoAuthClient,
  CognitoError,
  createAdminApiClient,
  createAdminAuthSession,
  createAppStorage,
  createMemoryStorage,
  createStore,
  type Language,
  NewPasswordRequiredError,
  type SignInResult,
  type StaffRole,
} from '@furfes/core'
import { fakeSignInClient } from '@furfes/core/testing'
import { createNotificationQueue } from '@furfes/ui'
import { render, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { expect, it } from 'vitest'
import { App } from '../App.tsx'
import { createDeviceSettings } from '../app/device.ts'
import { createIdleWatch } from '../app/idle.ts'
import type { ReceptionServices } from '../app/services.tsx'
import { openReceptionDatabase, type ReceptionDatabase } from '../data/database.ts'
import { createReceptionStore } from '../data/store.ts'
import { createReceptionI18n } from '../i18n.ts'
import { createRoutes } from '../routes.tsx'
import type { Camera } from '../scan/camera.ts'
import type { QrDecoder } from '../scan/decoder.ts'
import { createConnectivity } from '../sync/connectivity.ts'
import { createSyncEngine } from '../sync/sync-engine.ts'
import { createCodeVerifier } from '../verify/code-verifier.ts'
import { createFakeApiServer, type FakeApiServer, fakeStaffToken } from './fake-api-server.ts'
import { eventMorning, testUuid } from './fixtures.ts'

const hour = 3_600_000

/** Rendering MUI in jsdom on a busy two-core machine: generous, never a synchronisation. */
export const uiTimeoutMs = 30_000

/**
 * A test of the rendered app: `body` drives it as a person would (userEvent, without the delays between keys,
 * which only slow a test down), within `uiTimeoutMs` unless the test needs longer.
 */
export function appTest(name: string, body: (user: UserEvent) => Promise<void>, timeout = uiTimeoutMs): void {
  it(name, () => body(userEvent.setup({ delay: null })), timeout)
}

/**
 * Presses `action` in `container` and checks that it first asks `question`, as every step that cannot be undone
 * does (a refund, a cancellation); the test then answers it.
 */
export async function pressForConfirmation(
  user: UserEvent,
  container: HTMLElement,
  action: string,
  question: string,
): Promise<void> {
  await user.click(within(container).getByRole('button', { name: action }))
  expect(within(container).getByText(question)).toBeTruthy()
}

const adminAuthInfo = (now: number, roles: readonly StaffRole[] = ['committee']): AuthInfo => ({
  accessToken: fakeStaffToken(roles),
  tokenType: 'Bearer',
  expiresAt: now + hour,
})

/** The refresh token of the shared admin account's session on another tablet at the door. */
export const otherTabletRefreshToken = 'other-tablet-refresh-token'

/**
 * Cognito's admins pool as the screens see it: `first@example.com` must choose a new password first,
 * `staff@example.com` signs in with `correct horse`. `sessions` holds the account's sign-ins by refresh token:
 * this device's (`refresh-token`) and another tablet's, and whether Cognito still accepts each.
 */
function fakeCognito(
  now: () => number,
  roles?: readonly StaffRole[],
): CognitoAuthClient & { calls: string[]; sessions: Map<string, 'active' | 'revoked'> } {
  const calls: string[] = []
  const sessions = new Map<string, 'active' | 'revoked'>([
    ['refresh-token', 'active'],
    [otherTabletRefreshToken, 'active'],
  ])
  const result = (): SignInResult => ({
    authInfo: adminAuthInfo(now(), roles),
    refreshToken: 'refresh-token',
    user: undefined,
  })
  return fakeSignInClient(
    {
      calls,
      sessions,
      clientId: 'admins-client',
      async signIn({ email, password }) {
        calls.push(`signIn ${email}`)
        if (email === 'first@example.com') throw new NewPasswordRequiredError(email, 'challenge-session')
        if (password !== 'correct horse') throw new CognitoError('NotAuthorizedException')
        return result()
      },
      async respondToNewPasswordChallenge({ email, newPassword, session }) {
        calls.push(`newPassword ${email} ${newPassword} ${session}`)
        return result()
      },
      async refreshAccessToken() {
        calls.push('refresh')
        return { ...result(), refreshToken: undefined }
      },
      async signOut() {
        calls.push('signOut')
        for (const token of sessions.keys()) sessions.set(token, 'revoked')
      },
      async revokeToken({ refreshToken }) {
        calls.push('revokeToken')
        if (sessions.has(refreshToken)) sessions.set(refreshToken, 'revoked')
      },
    },
    'not used by the reception app',
  )
}

/** A camera whose "reads" the test triggers with `show(text)`. */
function fakeScanner() {
  let onText: ((text: string, at: number) => void) | undefined
  const torch: boolean[] = []
  const decoder: QrDecoder = {
    id: 'fake',
    decodeFrame: async () => undefined,
    async decodeFromStream(_stream, _video, callback) {
      onText = callback
      return { stop: () => (onText = undefined) }
    },
  }
  const camera: Camera = {
    stream: {} as MediaStream,
    torch: { supported: true, set: async (on) => void torch.push(on) },
    stop: () => undefined,
  }
  return {
    scanner: { decoder, openCamera: async () => camera },
    torch,
    isScanning: () => onText !== undefined,
    show(text: string) {
      if (!onText) throw new Error('The camera is not scanning')
      onText(text, performance.now())
    },
  }
}

export interface TestApp {
  services: ReceptionServices
  server: FakeApiServer
  cognito: ReturnType<typeof fakeCognito>
  scanner: ReturnType<typeof fakeScanner>
  downloads: { text: string; fileName: string }[]
  cues: string[]
  errors: unknown[]
  router: ReturnType<typeof createMemoryRouter>
  clock: { now: number }
  /** The device's IndexedDB, to read what is left on the disk. */
  db: ReceptionDatabase
  /** Set `online` to false and the API cannot be reached. */
  network: { online: boolean }
}

export interface TestAppOptions {
  path: string
  language?: Language
  server?: FakeApiServer
  /** Start signed in (auth info and refresh token stored), as after an earlier sign-in. */
  signedIn?: boolean
  /** The staff roles of the signed-in account; a committee member by default. */
  roles?: readonly StaffRole[]
  /** The reception's idle limit (decision 077); the app's default without it. */
  idleHours?: number
  /** Take a full snapshot from the API before `prepare` runs, as a device that synced on entering the admin area. */
  synced?: boolean
  prepare?: (services: ReceptionServices) => Promise<void>
}

/**
 * Where every admin screen test starts: the app signed in on `path`, after a full snapshot from `server`;
 * `prepare` (check-ins, a device name) runs before the page renders.
 */
export function renderSyncedAdmin(
  server: FakeApiServer,
  path: string,
  language: Language,
  prepare?: TestAppOptions['prepare'],
): Promise<TestApp> {
  return renderApp({ path, language, server, signedIn: true, synced: true, prepare })
}

/** The whole app on a memory router, over fakes of Cognito, the API, the camera and the speaker. */
export async function renderApp(options: TestAppOptions): Promise<TestApp> {
  const clock = { now: eventMorning }
  const now = () => clock.now
  const server = options.server ?? createFakeApiServer({ now })
  const cognito = fakeCognito(now, options.roles)
  const appStorage = createAppStorage(createMemoryStorage(), now)
  if (options.signedIn) {
    appStorage.set('adminAuthInfo', adminAuthInfo(clock.now, options.roles))
    appStorage.set('adminAuthInfoRefreshToken', 'refresh-token')
  }
  const session = createAdminAuthSession(cognito, appStorage, now)
  const network = { online: true }
  const api = createAdminApiClient({
    baseUrl: 'https://api.furfes.example',
    fetch: server.fetchFor(() => network.online),
    getAuthInfo: () => session.getAuthInfo(),
  })
  const device = createDeviceSettings(window.localStorage, () => testUuid())
  device.setName('受付1')
  const db = openReceptionDatabase(`app-${testUuid()}`)
  const store = createReceptionStore({
    db,
    clock: now,
    device: device.getSnapshot,
  })
  await store.load()
  const connectivity = createConnectivity(createStore(true))
  const errors: unknown[] = []
  const cues: string[] = []
  const downloads: TestApp['downloads'] = []
  const scanner = fakeScanner()
  const services: ReceptionServices = {
    config: { apiUrl: 'https://api.furfes.example', pwaUrl: 'https://furfes.example' },
    clock: now,
    session,
    api,
    store,
    sync: createSyncEngine({
      api,
      store,
      connectivity,
      clock: now,
      reportError: (error) => errors.push(error),
    }),
    connectivity,
    device,
    idle: createIdleWatch({
      storage: createMemoryStorage(),
      clock: now,
      ...(options.idleHours === undefined ? {} : { idleHours: options.idleHours }),
    }),
    verifier: createCodeVerifier({
      keys: () => store.getSnapshot().keys,
      editionId: () => store.getSnapshot().edition?.id,
      clock: now,
    }),
    scanner: scanner.scanner,
    cue: { play: (kind) => void cues.push(kind), unlock: () => undefined },
    notifications: createNotificationQueue(),
    reportError: (error) => void errors.push(error),
    rememberLanguage: () => undefined,
    download: (text, fileName) => void downloads.push({ text, fileName }),
  }
  if (options.synced) await services.sync.sync({ refreshSnapshot: true })
  await options.prepare?.(services)
  const router = createMemoryRouter(createRoutes(), { initialEntries: [options.path] })
  render(
    <App i18n={createReceptionI18n(options.language ?? 'ja')} services={services}>
      <RouterProvider router={router} />
    </App>,
  )
  return { services, server, cognito, scanner, downloads, cues, errors, router, clock, db, network }
}

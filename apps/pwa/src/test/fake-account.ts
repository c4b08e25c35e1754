import {
  type Addon,
  type AuthInfo,
  type CognitoAuthClient,
  CognitoError,
  createMemoryStorage,
  foldEmail,
  type Guardian,
  type InventoryItem,
  type MemberApiClient,
  NetworkError,
  ProductError,
  type Profile,
  type Refund,
  type RefundQuote,
  type Registration,
  type RegistrationAdditionalInfo,
  type RegistrationHistoryItem,
  registrationTiers,
  signCompactRegistrationCode,
  type TierChangeQuote,
  type TimelineEntry,
  type UserAttributes,
  type Venue,
  type WaitingListEntry,
  type Ward,
} from '@furfes/core'
import { type AccountServices, createAccountServices } from '../account/account-services.ts'

export const now = Date.UTC(2025, 3, 1, 3, 0, 0)
const hour = 3_600_000

interface FakeUser {
  password: string
  confirmed: boolean
  sub: string
  pendingEmail?: string
}

/** The members pool, in memory: what the Cognito emulator would answer, for the account pages' tests. */
function createFakeCognito() {
  const users = new Map<string, FakeUser>()
  const revoked = new Set<string>()
  /** Wrong passwords in a row per address: from the sixth attempt Cognito pauses sign-in. */
  const failures = new Map<string, number>()
  /** Addresses whose hourly code mails are used up: Cognito answers their next request with LimitExceeded. */
  const codeMailsUsedUp = new Set<string>()
  const mailCode = (email: string) => {
    if (codeMailsUsedUp.has(email)) {
      throw new CognitoError('LimitExceededException', {
        message: 'Attempt limit exceeded, please try after some time.',
      })
    }
  }
  const code = '123456'
  const userFor = (accessToken: string) => {
    const email = accessToken.replace(/^access-/, '')
    const user = users.get(email)
    if (!user || revoked.has(email)) throw new CognitoError('NotAuthorizedException')
    return { email, user }
  }
  const signedIn = (email: string, user: FakeUser) => ({
    authInfo: { accessToken: `access-${email}`, tokenType: 'Bearer' as const, expiresAt: now + hour },
    refreshToken: `refresh-${email}`,
    user: { email, emailVerified: true, sub: user.sub },
  })
  const client: CognitoAuthClient = {
    clientId: 'members',
    async signUp({ email: typed, password }) {
      // Core's real client folds the address (NFKC, trim, lower-case) before Cognito sees it.
      const email = foldEmail(typed)
      if (users.has(email)) throw new CognitoError('UsernameExistsException')
      users.set(email, { password, confirmed: false, sub: '0b7c5f4e-9a51-4e2b-8d9f-6f1f2c3d4e5f' })
    },
    async resendConfirmationCode({ email }) {
      mailCode(email)
    },
    async confirmSignUp({ email, code: given }) {
      const user = users.get(email)
      if (!user) throw new CognitoError('UserNotFoundException')
      if (given !== code) throw new CognitoError('CodeMismatchException')
      user.confirmed = true
    },
    async signIn({ email, password }) {
      const user = users.get(email)
      const failed = failures.get(email) ?? 0
      if (failed >= 5)
        throw new CognitoError('NotAuthorizedException', { message: 'Password attempts exceeded' })
      if (!user || user.password !== password) {
        failures.set(email, failed + 1)
        throw new CognitoError('NotAuthorizedException', { message: 'Incorrect username or password.' })
      }
      failures.delete(email)
      if (!user.confirmed) throw new CognitoError('UserNotConfirmedException')
      revoked.delete(email)
      return signedIn(email, user)
    },
    async refreshAccessToken({ refreshToken }) {
      const email = refreshToken.replace(/^refresh-/, '')
      const user = users.get(email)
      if (!user || revoked.has(email))
        throw new CognitoError('NotAuthorizedException', { message: 'Refresh Token has been revoked' })
      return { ...signedIn(email, user), refreshToken: undefined }
    },
    async respondToNewPasswordChallenge() {
      throw new CognitoError('NotAuthorizedException')
    },
    async signOut({ accessToken }) {
      revoked.add(userFor(accessToken).email)
    },
    async revokeToken() {
      throw new Error('The member app signs out with GlobalSignOut, never with RevokeToken')
    },
    async changePassword({ accessToken, previousPassword, proposedPassword }) {
      const { user } = userFor(accessToken)
      if (user.password !== previousPassword) throw new CognitoError('NotAuthorizedException')
      user.password = proposedPassword
    },
    async forgotPassword({ email }) {
      if (!users.has(email)) throw new CognitoError('UserNotFoundException')
      mailCode(email)
    },
    async confirmForgotPassword({ email, code: given, password }) {
      const user = users.get(email)
      if (!user) throw new CognitoError('UserNotFoundException')
      if (given !== code) throw new CognitoError('CodeMismatchException')
      user.password = password
    },
    async getUser({ accessToken }): Promise<UserAttributes> {
      const { email, user } = userFor(accessToken)
      return { email, emailVerified: true, sub: user.sub }
    },
    async updateUserAttributes({ accessToken, attributes }) {
      const { user } = userFor(accessToken)
      user.pendingEmail = attributes.email
    },
    async verifyUserAttribute({ accessToken, code: given }) {
      const { email, user } = userFor(accessToken)
      if (given !== code) throw new CognitoError('CodeMismatchException')
      if (user.pendingEmail) {
        users.delete(email)
        users.set(user.pendingEmail, { ...user, pendingEmail: undefined })
      }
    },
  }
  return {
    client,
    users,
    code,
    addUser(email: string, password: string) {
      users.set(email, { password, confirmed: true, sub: '0b7c5f4e-9a51-4e2b-8d9f-6f1f2c3d4e5f' })
    },
    /** The address asked for its hourly number of code mails already. */
    useUpCodeMails(email: string) {
      codeMailsUsedUp.add(email)
    },
    /** Wrong passwords given for the address since its last sign-in. */
    failedSignIns(email: string) {
      return failures.get(email) ?? 0
    },
    /** A global sign-out from another device: every token of the user stops working. */
    revoke(email: string) {
      revoked.add(email)
    },
  }
}

const base64Url = (value: unknown) =>
  Buffer.from(JSON.stringify(value))
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** A registration code shaped like the API's (the signature is not checked by the PWA). */
export function jwsRegistrationCode(badgeName: string, tier: (typeof registrationTiers)[number] = 'sponsor') {
  const claims = {
    iss: 'http://api.example.com',
    sub: '0b7c5f4e-9a51-4e2b-8d9f-6f1f2c3d4e5f',
    jti: '7d4d3c3e-1f2a-4b5c-9d8e-7f6a5b4c3d2e',
    registration_id: '7d4d3c3e-1f2a-4b5c-9d8e-7f6a5b4c3d2e',
    registration_tier: tier,
    badge_name: badgeName,
    iat: Math.floor(now / 1000),
    exp: Math.floor(now / 1000) + 7 * 24 * 3600,
  }
  return `${base64Url({ alg: 'ES256', typ: 'furfes-registration-code+jwt' })}.${base64Url(claims)}.c2lnbmF0dXJl`
}

/** A compact registration code as the API signs it (decision 120), valid 30 days from `now`. */
export async function compactRegistrationCode(
  registrationId = '7d4d3c3e-1f2a-4b5c-9d8e-7f6a5b4c3d2e',
): Promise<string> {
  const { privateKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])
  return signCompactRegistrationCode({
    registrationId,
    exp: Math.floor(now / 1000) + 30 * 24 * 3600,
    kid: 'test-key',
    privateKey,
  })
}

/** The product API's member routes, in memory. `fail` makes the next call of a method throw. */
function createFakeMemberApi() {
  const state = {
    profile: null as Profile | null,
    additionalInfo: null as RegistrationAdditionalInfo | null,
    registration: null as Registration | null,
    /** Past editions' registrations, latest first. */
    history: [] as RegistrationHistoryItem[],
    /** What GET /registration/timeline answers: null is its 404 (no registration). */
    timeline: null as TimelineEntry[] | null,
    inventory: registrationTiers.map((registrationTier) => ({
      registrationTier,
      status: 'available',
    })) as InventoryItem[],
    registrationCode: undefined as string | undefined,
    waitingList: null as WaitingListEntry | null,
    /** What GET /venue answers: null is its 404 (no paid registration, or not announced). */
    venue: null as Venue | null,
    /** What GET /registration/cancellation answers: null is its 404 (no registration). */
    cancellationQuote: null as RefundQuote | null,
    /** What GET /registration/tier-change answers: null is its 404 (no registration). */
    tierChangeQuote: null as TierChangeQuote | null,
    /** What GET /registration/addons answers. */
    addons: [] as Addon[],
    /** What GET /registration/guardian answers: null is its 404 (no guardian named). */
    guardian: null as Guardian | null,
    /** What GET /registration/guardian-requests answers. */
    wards: [] as Ward[],
    requests: [] as { method: string; body?: unknown }[],
  }
  const failures = new Map<keyof MemberApiClient, Error>()
  const call = async <T>(method: keyof MemberApiClient, answer: () => T, body?: unknown): Promise<T> => {
    state.requests.push({ method, body })
    const failure = failures.get(method)
    if (failure) {
      failures.delete(method)
      throw failure
    }
    return answer()
  }
  /** A PUT route: keeps the body it is sent and answers with it. */
  const put = <K extends 'profile' | 'additionalInfo'>(
    method: keyof MemberApiClient,
    key: K,
    body: NonNullable<(typeof state)[K]>,
  ) =>
    call(
      method,
      () => {
        state[key] = body
        return body
      },
      body,
    )
  const api: MemberApiClient = {
    getFeatures: () =>
      call('getFeatures', () => ({
        isNewClubActivityEstablishmentAvailable: false,
        isRegistrationAvailable: true,
        isUnderMaintenance: false,
      })),
    getPublicProfiles: () => call('getPublicProfiles', () => []),
    getProfile: () => call('getProfile', () => state.profile),
    putProfile: (profile) => put('putProfile', 'profile', profile),
    getRegistrationAdditionalInfo: () => call('getRegistrationAdditionalInfo', () => state.additionalInfo),
    putRegistrationAdditionalInfo: (info) => put('putRegistrationAdditionalInfo', 'additionalInfo', info),
    getInventory: () => call('getInventory', () => state.inventory),
    getRegistration: () => call('getRegistration', () => state.registration),
    getRegistrationHistory: () => call('getRegistrationHistory', () => state.history),
    getRegistrationTimeline: () => call('getRegistrationTimeline', () => state.timeline),
    postRegistration: (request) =>
      call(
        'postRegistration',
        () => {
          if (
            state.inventory.find((item) => item.registrationTier === request.registrationTier)?.status ===
            'sold_out'
          )
            throw new ProductError('soldOut', 409)
          const paymentUrl = 'https://checkout.example.com/c/pay/cs_test_1'
          state.registration = {
            registrationTier: request.registrationTier,
            badgeName: request.badgeName,
            ...(request.tShirtSize ? { tShirtSize: request.tShirtSize } : {}),
            ...(request.changingRoomType ? { changingRoomType: request.changingRoomType } : {}),
            paymentStatus: 'pending',
            paymentUrl,
            expiresAt: now + 30 * 60_000,
          }
          return { paymentUrl }
        },
        request,
      ),
    deleteRegistration: () =>
      call('deleteRegistration', () => {
        if (!state.registration) throw new ProductError('notFound', 404)
        const { registrationTier, badgeName } = state.registration
        state.registration = { registrationTier, badgeName, paymentStatus: 'canceled' }
        return state.registration
      }),
    putRegistrationDetails: (details) =>
      call(
        'putRegistrationDetails',
        () => {
          if (state.registration?.paymentStatus !== 'paid')
            throw new ProductError('detailsChangeNotPaid', 409)
          const { tShirtSize: _size, changingRoomType: _room, ...kept } = state.registration
          state.registration = {
            ...kept,
            badgeName: details.badgeName,
            ...(details.tShirtSize ? { tShirtSize: details.tShirtSize } : {}),
            ...(details.changingRoomType ? { changingRoomType: details.changingRoomType } : {}),
          }
          return state.registration
        },
        details,
      ),
    getRegistrationCancellation: () => call('getRegistrationCancellation', () => state.cancellationQuote),
    cancelRegistration: (request) =>
      call(
        'cancelRegistration',
        () => {
          const quote = state.cancellationQuote
          if (state.registration?.paymentStatus !== 'paid' || !quote) {
            throw new ProductError('registrationNotPaid', 409)
          }
          if (request.refundJpy !== quote.policyRefundJpy) throw new ProductError('refundAmountChanged', 409)
          const refund: Refund = {
            registrationId: quote.registrationId,
            amountJpy: quote.policyRefundJpy,
            policyAmountJpy: quote.policyRefundJpy,
            source: 'participant',
            refundedAt: now,
          }
          const { registrationTier, badgeName } = state.registration
          state.registration = {
            registrationTier,
            badgeName,
            paymentStatus: 'canceled',
            refundedJpy: refund.amountJpy,
          }
          state.cancellationQuote = { ...quote, paymentStatus: 'canceled', refund }
          return refund
        },
        request,
      ),
    getRegistrationTierChange: () => call('getRegistrationTierChange', () => state.tierChangeQuote),
    changeRegistrationTier: (request) =>
      call(
        'changeRegistrationTier',
        () => {
          const quote = state.tierChangeQuote
          const target = quote?.targets.find((each) => each.registrationTier === request.registrationTier)
          if (state.registration?.paymentStatus !== 'paid' || !quote || !target) {
            throw new ProductError('registrationNotPaid', 409)
          }
          if (!target.available) throw new ProductError('soldOut', 409)
          const shown = target.direction === 'upgrade' ? target.payJpy : target.refundJpy
          if (request.amountJpy !== shown) throw new ProductError('tierChangeAmountChanged', 409)
          const made = {
            registrationId: quote.registrationId,
            fromTier: quote.registrationTier,
            toTier: target.registrationTier,
            direction: target.direction,
            refundJpy: target.refundJpy,
            payJpy: target.payJpy,
          }
          if (target.direction === 'upgrade') {
            // An upgrade waits for its payment in Checkout; the quote shows it until then.
            const paymentUrl = 'https://checkout.stripe.test/pay/cs_test_upgrade'
            state.tierChangeQuote = {
              ...quote,
              pendingUpgrade: {
                toTier: target.registrationTier,
                payJpy: target.payJpy,
                paymentUrl,
                expiresAt: Date.parse('2025-04-01T12:30:00+09:00'),
              },
            }
            return { ...made, status: 'awaiting_payment' as const, paymentUrl }
          }
          const { tShirtSize: _size, changingRoomType: _room, ...kept } = state.registration
          state.registration = {
            ...kept,
            registrationTier: target.registrationTier,
            ...(request.tShirtSize ? { tShirtSize: request.tShirtSize } : {}),
          }
          return { ...made, status: 'changed' as const }
        },
        request,
      ),
    getRegistrationCode: () =>
      call('getRegistrationCode', () => {
        if (!state.registrationCode) throw new ProductError('notFound', 404)
        return state.registrationCode
      }),
    getWaitingList: () => call('getWaitingList', () => state.waitingList),
    joinWaitingList: (request) =>
      call(
        'joinWaitingList',
        () => {
          const open = state.waitingList?.status === 'waiting' || state.waitingList?.status === 'offered'
          if (open) throw new ProductError('alreadyOnWaitingList', 409)
          state.waitingList = {
            registrationTier: request.registrationTier,
            badgeName: request.badgeName,
            status: 'waiting',
            joinedAt: now,
            position: 3,
          }
          return state.waitingList
        },
        request,
      ),
    leaveWaitingList: () =>
      call('leaveWaitingList', () => {
        if (!state.waitingList) throw new ProductError('notFound', 404)
        const { registrationTier, badgeName, joinedAt } = state.waitingList
        state.waitingList = { registrationTier, badgeName, joinedAt, status: 'left' }
        return state.waitingList
      }),
    acceptWaitingListOffer: (accept) =>
      call(
        'acceptWaitingListOffer',
        () => {
          if (state.waitingList?.status !== 'offered') throw new ProductError('noWaitingListOffer', 409)
          state.waitingList = { ...state.waitingList, status: 'accepted' }
          return { paymentUrl: 'https://checkout.example.com/c/pay/cs_test_offer' }
        },
        accept,
      ),
    getVenue: () => call('getVenue', () => state.venue),
    getAddons: () => call('getAddons', () => state.addons),
    buyAddon: (code, checkout) =>
      call(
        'buyAddon',
        () => {
          const addon = state.addons.find((item) => item.code === code)
          if (!addon) throw new ProductError('notFound', 404)
          if (addon.remaining === 0) throw new ProductError('addonSoldOut', 409)
          const paymentUrl = 'https://checkout.example.com/c/pay/cs_test_addon'
          addon.remaining -= 1
          addon.purchase = {
            purchaseId: 'purchase-1',
            status: 'pending',
            amountJpy: addon.priceJpy,
            purchasedAt: now,
            paymentUrl,
          }
          return { paymentUrl }
        },
        { code, ...checkout },
      ),
    getGuardian: () => call('getGuardian', () => state.guardian),
    nameGuardian: (request) =>
      call(
        'nameGuardian',
        () => {
          state.guardian = {
            guardianEmail: request.guardianEmail,
            status: 'requested',
            guardianRegistered: true,
          }
          return state.guardian
        },
        request,
      ),
    getGuardianRequests: () => call('getGuardianRequests', () => state.wards),
    answerGuardianRequest: (minorUserId, confirm) =>
      call(
        'answerGuardianRequest',
        () => {
          const ward = state.wards.find((item) => item.minorUserId === minorUserId)
          if (!ward) throw new ProductError('notFound', 404)
          ward.status = confirm ? 'confirmed' : 'declined'
          return { ...ward }
        },
        { minorUserId, confirm },
      ),
  }
  return {
    api,
    state,
    fail(method: keyof MemberApiClient, error: Error = new NetworkError(new TypeError('Failed to fetch'))) {
      failures.set(method, error)
    },
  }
}

/** Account services over the fakes, with a fixed clock; records where the browser was sent. */
export function createFakeAccount(options: { signedInAs?: string; password?: string; now?: number } = {}) {
  const cognito = createFakeCognito()
  const backend = createFakeMemberApi()
  const keyValueStorage = createMemoryStorage()
  const navigatedTo: string[] = []
  const opened: string[] = []
  let popUpsBlocked = false
  const account: AccountServices = createAccountServices({
    client: cognito.client,
    apiUrl: 'http://api.example.com',
    pwaUrl: 'http://localhost:5173',
    keyValueStorage,
    api: backend.api,
    clock: () => options.now ?? now,
    navigateTo: (url) => navigatedTo.push(url),
    openWindow: (url) => {
      if (popUpsBlocked) return false
      opened.push(url)
      return true
    },
    clearOfflineRegistrationCode: async () => {
      const { clearRegistrationCode } = await import('../offline/registration-code-cache.ts')
      const { clearVenue } = await import('../offline/venue-cache.ts')
      await Promise.all([clearRegistrationCode(), clearVenue()])
    },
  })
  if (options.signedInAs) {
    cognito.addUser(options.signedInAs, options.password ?? 'correct-horse-1')
    keyValueStorage.setItem(
      'authInfoRefreshToken',
      JSON.stringify({ value: `refresh-${options.signedInAs}` }),
    )
    const authInfo: AuthInfo = {
      accessToken: `access-${options.signedInAs}`,
      tokenType: 'Bearer',
      expiresAt: now + hour,
    }
    keyValueStorage.setItem('authInfo', JSON.stringify({ value: authInfo }))
  }
  return {
    account,
    cognito,
    backend,
    keyValueStorage,
    navigatedTo,
    opened,
    blockPopUps() {
      popUpsBlocked = true
    },
  }
}

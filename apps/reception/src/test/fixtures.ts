import {
  type AdminRegistrationWire,
  firstEdition,
  type ParticipantWire,
  participantFromWire,
  type RegistrationCodeKeySetWire,
  registrationCodeAlgorithm,
  registrationCodeType,
  signCompactRegistrationCode,
} from '@furfes/core'
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose'

export const eventMorning = Date.parse('2025-05-10T09:30:00+09:00')
export const hour = 3_600_000
/** A code's validity around the event morning: issued an hour before, good for a day. */
export const validAtEvent = { iat: eventMorning - hour, exp: eventMorning + 24 * hour }

let counter = 0
/** A UUID that reads as its number in tests: 00000000-0000-4000-8000-000000000007. */
export function testUuid(n = ++counter): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
}

export interface ParticipantSeed {
  n: number
  badgeName: string
  handleName?: string
  email?: string
  tier?: AdminRegistrationWire['registration_tier']
  paymentStatus?: 'paid' | 'pending' | 'expired' | 'canceled'
  tShirtSize?: 'S' | 'M' | 'L' | 'XL' | 'XXL' | 'XXXL'
  changingRoomType?: 'male' | 'female'
  xUsername?: string
  withoutRegistration?: boolean
  /** Staff's note for the door and its flag (decision 175). */
  attention?: { flagged: boolean; note: string }
  /** What the participant stated about their access needs (decision 185). */
  accessNeeds?: string
  /** Registered by the desk without payment (decision 185). */
  complimentary?: 'guest' | 'dealer' | 'staff'
  /** The add-ons paid for (decision 178). */
  addons?: ParticipantWire['addons']
  /** The badge's short number (decision 189); none unless given. */
  badgeNumber?: number
}

export const userIdOf = (n: number) => testUuid(1000 + n)
export const registrationIdOf = (n: number) => testUuid(2000 + n)

export function participantWire(seed: ParticipantSeed): ParticipantWire {
  const tier = seed.tier ?? 'member'
  const status = seed.paymentStatus ?? 'paid'
  const base = {
    id: registrationIdOf(seed.n),
    registration_tier: tier,
    badge_name: seed.badgeName,
    ...(seed.tShirtSize ? { t_shirt_size: seed.tShirtSize } : {}),
    ...(seed.changingRoomType ? { changing_room_type: seed.changingRoomType } : {}),
    ...(seed.accessNeeds ? { access_needs: seed.accessNeeds } : {}),
  }
  const registration: AdminRegistrationWire =
    status === 'pending'
      ? {
          ...base,
          payment_status: 'pending',
          payment_url: 'https://checkout.example/pay',
          expires_at: '2025-05-10T01:00:00.000Z',
        }
      : {
          ...base,
          payment_status: status,
          ...(seed.complimentary ? { complimentary: seed.complimentary } : {}),
          ...(seed.badgeNumber === undefined ? {} : { badge_number: seed.badgeNumber }),
        }
  return {
    user: { user_id: userIdOf(seed.n), email: seed.email ?? `user${seed.n}@example.com` },
    ...(seed.withoutRegistration ? {} : { registration }),
    ...(seed.xUsername ? { registration_additional_info: { club_activity_x_username: seed.xUsername } } : {}),
    ...(seed.handleName ? { profile: { privacy: 'public', handle_name: seed.handleName, urls: [] } } : {}),
    ...(seed.attention ? { attention: seed.attention } : {}),
    ...(seed.addons ? { addons: seed.addons } : {}),
  }
}

export const participant = (seed: ParticipantSeed) => participantFromWire(participantWire(seed))

export interface SigningKey {
  kid: string
  privateKey: CryptoKey
  keySet: RegistrationCodeKeySetWire
}

/** A real ES256 key pair, as the API has, with its public JWK Set. */
export async function createSigningKey(kid = 'test-key-1'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(registrationCodeAlgorithm, { extractable: true })
  const jwk = await exportJWK(publicKey)
  return {
    kid,
    privateKey,
    keySet: {
      keys: [
        { ...jwk, kty: 'EC', crv: 'P-256', x: jwk.x ?? '', y: jwk.y ?? '', kid, alg: 'ES256', use: 'sig' },
      ],
    },
  }
}

/**
 * Signs a compact registration code exactly as apps/api's signer does (decisions 120 and 159): for the first
 * edition unless `editionId` names another, or, with `editionId: null`, a version 1 code naming none.
 */
export function signCode(
  key: SigningKey,
  seed: { n: number },
  times: { exp: number },
  options: { kid?: string; editionId?: string | null } = {},
): Promise<string> {
  const editionId = options.editionId === undefined ? firstEdition.id : options.editionId
  return signCompactRegistrationCode({
    registrationId: registrationIdOf(seed.n),
    exp: Math.floor(times.exp / 1000),
    kid: options.kid ?? key.kid,
    ...(editionId === null ? {} : { editionId }),
    privateKey: key.privateKey,
  })
}

/** Signs a registration code as apps/api did before the compact format: a JWS with the person's claims. */
export function signJwsCode(
  key: SigningKey,
  seed: { n: number; badgeName: string; tier?: AdminRegistrationWire['registration_tier'] },
  times: { iat: number; exp: number },
  header: { kid?: string; typ?: string } = {},
): Promise<string> {
  return new SignJWT({
    registration_id: registrationIdOf(seed.n),
    registration_tier: seed.tier ?? 'member',
    badge_name: seed.badgeName,
  })
    .setProtectedHeader({
      alg: registrationCodeAlgorithm,
      kid: header.kid ?? key.kid,
      typ: header.typ ?? registrationCodeType,
    })
    .setIssuer('https://api.furfes.example')
    .setSubject(userIdOf(seed.n))
    .setJti(registrationIdOf(seed.n))
    .setIssuedAt(Math.floor(times.iat / 1000))
    .setExpirationTime(Math.floor(times.exp / 1000))
    .sign(key.privateKey)
}

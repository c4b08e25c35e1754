/// <reference path="../types/digitalbazaar-base45.d.ts" />
import { decode as decodeBase45, encode as encodeBase45 } from '@digitalbazaar/base45'
import { z } from 'zod'
import { registrationTierSchema, userIdSchema } from '../validation/fields.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, registrationIdSchema } from './schemas.ts'

/*
 * The registration code (DESIGN "Registration code"): signed by the API, verified by reception offline against
 * the cached JWK Set. The API issues the compact code below (decision 120); the JWS claims here are those of
 * the codes issued before it, which reception still reads until they expire.
 */

/** ECDSA P-256: short signatures, so the QR code stays small, and WebCrypto verifies it everywhere. */
export const registrationCodeAlgorithm = 'ES256'

/** The JWS `typ` header, so no other token signed with the same key can pass for a registration code. */
export const registrationCodeType = 'furfes-registration-code+jwt'

/** Where the API publishes the key set, relative to its base URL. */
export const registrationCodeKeySetPath = '/.well-known/jwks.json'

export const registrationCodeClaimsSchema = z.object({
  /** The API's base URL. */
  iss: z.string().min(1),
  /** The user id. */
  sub: userIdSchema,
  /** The registration id again, as the standard token id. */
  jti: registrationIdSchema,
  registration_id: registrationIdSchema,
  registration_tier: registrationTierSchema,
  badge_name: z.string(),
  /** Seconds since the epoch. */
  iat: z.number().int(),
  exp: z.number().int(),
})
export type RegistrationCodeClaims = z.infer<typeof registrationCodeClaimsSchema>

/*
 * The compact registration code (decisions 120 and 159): what a door scanner reads first time. Only what the
 * door needs is in it: the registration id, the expiry, which key signed it and (from version 2) the edition
 * the registration belongs to, with a raw ES256 signature. Names and tier come from reception's participant
 * snapshot. Laid out as bytes and written in base45 (RFC 9285), whose alphabet is exactly QR's alphanumeric
 * mode (5.5 bits a character instead of 8 in byte mode).
 *
 *   version (2, big-endian) · registration id (16, the uuid's bytes) · expiry (4, seconds since the epoch,
 *   big-endian) · key hint (4, the first bytes of SHA-256 over the kid) · [version 2: edition id length (1) ·
 *   edition id (its ASCII bytes)] · signature (64, P-256 r‖s)
 *
 * Version 1 is 90 bytes, 135 characters; version 2 with the edition `2026` 95 bytes, 143 characters. The
 * two-byte version makes every code begin "100" or "200"; a code ends in a character below "X" (an even length)
 * or a digit up to 5 (an odd one), so it never begins or ends with base45's space, which forms and scanners trim.
 * The signature covers a context string followed by everything before it, so nothing else the key signs (the
 * earlier JWS codes) can be taken for a compact code.
 */

/** The version the API issues: version 2 names the edition (decision 159); version 1 codes verify until they expire. */
export const compactRegistrationCodeVersion = 2
const headLength = 2 + 16 + 4 + 4
const signatureLength = 64
/** The length of a version 1 code, which names no edition. */
export const compactRegistrationCodeLength = headLength + signatureLength
/** The edition ids core's edition schema allows (`2025`, `2026-spring`), in the ASCII they are written in. */
const editionIdPattern = /^[a-z0-9][a-z0-9-]{0,31}$/
const signingContext = new TextEncoder().encode(`${registrationCodeType}\u0000`)

/** The characters of base45 and of QR alphanumeric mode. */
const compactCodePattern = /^[0-9A-Z $%*+\-./:]+$/

/** What a compact code says about itself, before its signature is checked. */
export interface CompactRegistrationCode {
  registrationId: string
  /** Seconds since the epoch. */
  exp: number
  keyHint: Uint8Array
  /** The edition the registration belongs to; undefined in a version 1 code, issued before codes named it. */
  editionId: string | undefined
  /** The bytes the signature covers (context string included). */
  signedBytes: Uint8Array
  signature: Uint8Array
}

/** True when the text has the compact code's alphabet (a JWS always has lower-case letters). */
export function looksLikeCompactRegistrationCode(text: string): boolean {
  return compactCodePattern.test(text)
}

/** The four bytes that name a key inside a compact code. */
export async function registrationCodeKeyHint(kid: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(kid))
  return new Uint8Array(digest, 0, 4).slice()
}

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '')
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new RangeError('Not a uuid')
  return Uint8Array.from({ length: 16 }, (_, index) =>
    Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16),
  )
}

function uuidText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function withContext(body: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(signingContext.length + body.length)
  bytes.set(signingContext)
  bytes.set(body, signingContext.length)
  return bytes
}

/**
 * Lays out a code's claims and returns the bytes to sign and a function that finishes the code with the
 * signature (WebCrypto's ECDSA signature is already the raw 64-byte r‖s). Without an edition the code is a
 * version 1 code, as issued before codes named their edition.
 */
function compactRegistrationCodeBody(claims: {
  registrationId: string
  exp: number
  keyHint: Uint8Array
  editionId: string | undefined
}): {
  signedBytes: Uint8Array
  finish: (signature: Uint8Array) => string
} {
  if (!Number.isInteger(claims.exp) || claims.exp < 0 || claims.exp > 0xffff_ffff) {
    throw new RangeError('Expiry out of range')
  }
  if (claims.keyHint.length !== 4) throw new RangeError('Key hint must be 4 bytes')
  if (claims.editionId !== undefined && !editionIdPattern.test(claims.editionId)) {
    throw new RangeError('Not an edition id')
  }
  const edition = claims.editionId === undefined ? undefined : new TextEncoder().encode(claims.editionId)
  const body = new Uint8Array(headLength + (edition ? 1 + edition.length : 0))
  const view = new DataView(body.buffer)
  view.setUint16(0, edition ? compactRegistrationCodeVersion : 1)
  body.set(uuidBytes(claims.registrationId), 2)
  view.setUint32(18, claims.exp)
  body.set(claims.keyHint, 22)
  if (edition) {
    view.setUint8(headLength, edition.length)
    body.set(edition, headLength + 1)
  }
  return {
    signedBytes: withContext(body),
    finish(signature) {
      if (signature.length !== signatureLength) throw new RangeError('Signature must be 64 bytes')
      // A fresh array: the base45 library reads the whole underlying buffer.
      const code = new Uint8Array(body.length + signatureLength)
      code.set(body)
      code.set(signature, body.length)
      return encodeBase45(code)
    },
  }
}

/** The edition a version 2 code names and where its signature starts; undefined when the bytes do not add up. */
function editionOf(bytes: Uint8Array): { editionId: string; bodyLength: number } | undefined {
  const length = bytes[headLength]
  if (length === undefined || bytes.length !== headLength + 1 + length + signatureLength) return undefined
  const editionId = String.fromCharCode(...bytes.subarray(headLength + 1, headLength + 1 + length))
  if (!editionIdPattern.test(editionId)) return undefined
  return { editionId, bodyLength: headLength + 1 + length }
}

/** Reads a compact code's fields; undefined when it is not one (wrong alphabet, length or version). */
export function parseCompactRegistrationCode(text: string): CompactRegistrationCode | undefined {
  if (!looksLikeCompactRegistrationCode(text)) return undefined
  let bytes: Uint8Array
  try {
    bytes = decodeBase45(text)
  } catch {
    return undefined
  }
  if (bytes.length < compactRegistrationCodeLength) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const version = view.getUint16(0)
  const layout =
    version === 1 && bytes.length === compactRegistrationCodeLength
      ? { editionId: undefined, bodyLength: headLength }
      : version === 2
        ? editionOf(bytes)
        : undefined
  if (!layout) return undefined
  return {
    registrationId: uuidText(bytes.subarray(2, 18)),
    exp: view.getUint32(18),
    keyHint: bytes.slice(22, 26),
    editionId: layout.editionId,
    signedBytes: withContext(bytes.subarray(0, layout.bodyLength)),
    signature: bytes.slice(layout.bodyLength),
  }
}

/**
 * Signs a compact code with a P-256 private key (WebCrypto's ECDSA signature is already the raw r‖s the code
 * carries). The API's signer and the tests' and benchmark's codes all come from here.
 */
export async function signCompactRegistrationCode(options: {
  registrationId: string
  exp: number
  kid: string
  /** The edition of the registration (decision 159); without it, a version 1 code as issued before. */
  editionId?: string
  /** A WebCrypto ECDSA P-256 private key (named this way so that DOM and Node typings both accept it). */
  privateKey: Parameters<typeof crypto.subtle.sign>[1]
}): Promise<string> {
  const { signedBytes, finish } = compactRegistrationCodeBody({
    registrationId: options.registrationId,
    exp: options.exp,
    keyHint: await registrationCodeKeyHint(options.kid),
    editionId: options.editionId,
  })
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    options.privateKey,
    signedBytes as Uint8Array<ArrayBuffer>,
  )
  return finish(new Uint8Array(signature))
}

/**
 * Whether a compact code's signature verifies under a P-256 public key already imported (reception imports its
 * keys once, ahead of the scans).
 */
export async function compactRegistrationCodeVerifies(
  code: CompactRegistrationCode,
  /** A WebCrypto ECDSA P-256 public key (named this way so that DOM and Node typings both accept it). */
  publicKey: Parameters<typeof crypto.subtle.verify>[1],
): Promise<boolean> {
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    code.signature as Uint8Array<ArrayBuffer>,
    code.signedBytes as Uint8Array<ArrayBuffer>,
  )
}

/** Whether a compact code's signature verifies under one key of the API's key set (a P-256 JWK as published). */
export async function compactRegistrationCodeSignedBy(
  code: CompactRegistrationCode,
  jwk: { kty?: string; crv?: string; x?: string; y?: string },
): Promise<boolean> {
  const publicKey = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  )
  return compactRegistrationCodeVerifies(code, publicKey)
}

/**
 * The error-correction level compact codes are drawn at (decision 120). M restores up to 15 % of the code (a
 * glare spot on a phone screen) while the code stays at QR version 6, 41 modules a side: in the decode
 * benchmark, bigger modules read better through noise and blur than more correction does (Q, version 8, and
 * H, version 9, read fewer of the harsh frames).
 */
export const registrationCodeQrErrorCorrection = 'M'

/** The public keys registration codes are signed with (ES256), so reception can verify codes offline. */
export const registrationCodeKeySetWireSchema = component(
  z.object({
    keys: z.array(
      z.looseObject({
        kty: z.literal('EC'),
        crv: z.literal('P-256'),
        x: z.string().min(1),
        y: z.string().min(1),
        kid: z.string().min(1),
        alg: z.literal('ES256').optional(),
        use: z.literal('sig').optional(),
      }),
    ),
  }),
  {
    id: 'RegistrationCodeKeySet',
    description: 'A JWK Set of the public keys registration codes are signed with',
  },
)
export type RegistrationCodeKeySetWire = z.infer<typeof registrationCodeKeySetWireSchema>

/** The key set is used as it is: jose reads JWKs in their standard names. */
export const registrationCodeKeySetCodec = z.codec(
  registrationCodeKeySetWireSchema,
  registrationCodeKeySetWireSchema,
  { decode: (wire) => wire, encode: (keys) => keys },
)

const openRegistration = routeGroup('none', 'registration')

/** The key set reception verifies codes with. */
export const registrationCodeRoutes = {
  getRegistrationCodeKeys: openRegistration.get('/.well-known/jwks.json', {
    summary: 'Read the public keys registration codes are signed with',
    description: 'A JWK Set: every key a valid code may be signed with, so keys can rotate.',
    responses: { 200: { description: 'The key set', schema: registrationCodeKeySetWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>

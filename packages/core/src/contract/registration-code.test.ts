import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkInItemWireSchema } from './check-ins.ts'
import {
  compactRegistrationCodeLength,
  compactRegistrationCodeSignedBy,
  looksLikeCompactRegistrationCode,
  parseCompactRegistrationCode,
  registrationCodeKeyHint,
  signCompactRegistrationCode,
} from './registration-code.ts'

const keyPair = () =>
  crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])

const registrationId = '7d4d3c3e-1f2a-4b5c-9d8e-7f6a5b4c3d2e'
const exp = Math.floor(Date.parse('2025-05-10T23:59:59+09:00') / 1000)

describe('compact registration code', () => {
  it('carries the registration id, expiry and key hint under a signature WebCrypto verifies', async () => {
    const { privateKey, publicKey } = await keyPair()
    const code = await signCompactRegistrationCode({ registrationId, exp, kid: 'key-2025', privateKey })
    expect(code).toHaveLength(135)
    expect(looksLikeCompactRegistrationCode(code)).toBe(true)
    const parsed = parseCompactRegistrationCode(code)
    if (!parsed) throw new Error('The code did not parse')
    expect(parsed).toMatchObject({ registrationId, exp, keyHint: await registrationCodeKeyHint('key-2025') })
    expect(parsed.signature).toHaveLength(64)
    const verify = (signed: Uint8Array) =>
      crypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        publicKey,
        parsed.signature as Uint8Array<ArrayBuffer>,
        signed as Uint8Array<ArrayBuffer>,
      )
    expect(await verify(parsed.signedBytes)).toBe(true)
    // The signature covers a context string, not the bare bytes: it cannot be reused for another format.
    expect(await verify(parsed.signedBytes.slice(-26))).toBe(false)
  })

  it('is signed by the key whose published JWK verifies it, and by no other', async () => {
    const [{ privateKey, publicKey }, other] = await Promise.all([keyPair(), keyPair()])
    const code = await signCompactRegistrationCode({ registrationId, exp, kid: 'k', privateKey })
    const parsed = parseCompactRegistrationCode(code)
    if (!parsed) throw new Error('The code did not parse')
    // A public key can always be exported, whatever its pair was generated with.
    const published = await crypto.subtle.exportKey('jwk', publicKey)
    expect(await compactRegistrationCodeSignedBy(parsed, published)).toBe(true)
    const another = await crypto.subtle.exportKey('jwk', other.publicKey)
    expect(await compactRegistrationCodeSignedBy(parsed, another)).toBe(false)
  })

  it('never begins or ends with a space, whatever the id and signature', async () => {
    const { privateKey } = await keyPair()
    await fc.assert(
      fc.asyncProperty(fc.uuid(), fc.integer({ min: 0, max: 0xffff_ffff }), async (id, expiry) => {
        const code = await signCompactRegistrationCode({
          registrationId: id,
          exp: expiry,
          kid: 'k',
          privateKey,
        })
        expect(code.startsWith('100')).toBe(true)
        expect(code.trim()).toBe(code)
        expect(parseCompactRegistrationCode(code)).toMatchObject({ registrationId: id, exp: expiry })
      }),
      { numRuns: 50 },
    )
  })

  it('reads nothing from a JWS, another length, another version or characters outside base45', async () => {
    const { privateKey } = await keyPair()
    const code = await signCompactRegistrationCode({ registrationId, exp, kid: 'k', privateKey })
    expect(parseCompactRegistrationCode('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')).toBeUndefined()
    expect(parseCompactRegistrationCode(code.slice(0, -3))).toBeUndefined()
    expect(parseCompactRegistrationCode(`300${code.slice(3)}`)).toBeUndefined()
    expect(parseCompactRegistrationCode(code.toLowerCase())).toBeUndefined()
    expect(compactRegistrationCodeLength).toBe(90)
  })

  it('names the edition of the registration in a version 2 code, covered by the signature', async () => {
    const { privateKey, publicKey } = await keyPair()
    const code = await signCompactRegistrationCode({
      registrationId,
      exp,
      kid: 'k',
      editionId: '2026',
      privateKey,
    })
    expect(code.startsWith('200')).toBe(true)
    expect(code).toHaveLength(143)
    const parsed = parseCompactRegistrationCode(code)
    expect(parsed).toMatchObject({ registrationId, exp, editionId: '2026' })
    if (!parsed) throw new Error('The code did not parse')
    const published = await crypto.subtle.exportKey('jwk', publicKey)
    expect(await compactRegistrationCodeSignedBy(parsed, published)).toBe(true)
    // Another edition written over the same bytes no longer verifies: the edition is signed.
    const forged = parseCompactRegistrationCode(
      await signCompactRegistrationCode({ registrationId, exp, kid: 'k', editionId: '2025', privateKey }),
    )
    if (!forged) throw new Error('The code did not parse')
    expect(await compactRegistrationCodeSignedBy({ ...forged, signature: parsed.signature }, published)).toBe(
      false,
    )
  })

  it('keeps a code with an edition id of up to 11 characters within QR version 6 at level M', async () => {
    const { privateKey } = await keyPair()
    // Version 6 at error correction M holds 154 alphanumeric characters (ISO/IEC 18004, table 7).
    const longest = await signCompactRegistrationCode({
      registrationId,
      exp,
      kid: 'k',
      editionId: '2026-spring',
      privateKey,
    })
    expect(longest.length).toBeLessThanOrEqual(154)
    expect(parseCompactRegistrationCode(longest)?.editionId).toBe('2026-spring')
    // The longest edition id the schema allows still makes a code a check-in upload takes (at most 200).
    const longestId = 'a'.repeat(32)
    const widest = await signCompactRegistrationCode({
      registrationId,
      exp,
      kid: 'k',
      editionId: longestId,
      privateKey,
    })
    expect(widest).toHaveLength(185)
    expect(checkInItemWireSchema.shape.code.safeParse(widest).success).toBe(true)
  })

  it('still reads a version 1 code, which names no edition', async () => {
    const { privateKey, publicKey } = await keyPair()
    const code = await signCompactRegistrationCode({ registrationId, exp, kid: 'k', privateKey })
    expect(code.startsWith('100')).toBe(true)
    const parsed = parseCompactRegistrationCode(code)
    expect(parsed).toMatchObject({ registrationId, exp, editionId: undefined })
    if (!parsed) throw new Error('The code did not parse')
    const published = await crypto.subtle.exportKey('jwk', publicKey)
    expect(await compactRegistrationCodeSignedBy(parsed, published)).toBe(true)
  })

  it('never begins or ends with a space with any edition id', async () => {
    const { privateKey } = await keyPair()
    await fc.assert(
      fc.asyncProperty(fc.uuid(), fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,31}$/), async (id, editionId) => {
        const code = await signCompactRegistrationCode({
          registrationId: id,
          exp,
          kid: 'k',
          editionId,
          privateKey,
        })
        expect(code.trim()).toBe(code)
        expect(parseCompactRegistrationCode(code)).toMatchObject({ registrationId: id, editionId })
      }),
      { numRuns: 50 },
    )
  })

  it('reads nothing from a version 2 code whose edition length does not add up', async () => {
    const { privateKey } = await keyPair()
    const code = await signCompactRegistrationCode({
      registrationId,
      exp,
      kid: 'k',
      editionId: '2026',
      privateKey,
    })
    expect(parseCompactRegistrationCode(code.slice(0, -3))).toBeUndefined()
    // A version 1 layout under the version 2 number.
    const old = await signCompactRegistrationCode({ registrationId, exp, kid: 'k', privateKey })
    expect(parseCompactRegistrationCode(`200${old.slice(3)}`)).toBeUndefined()
  })

  it('refuses claims it cannot lay out', async () => {
    const { privateKey } = await keyPair()
    await expect(
      signCompactRegistrationCode({ registrationId: 'not-a-uuid', exp, kid: 'k', privateKey }),
    ).rejects.toThrow(RangeError)
    await expect(
      signCompactRegistrationCode({ registrationId, exp: 2 ** 32, kid: 'k', privateKey }),
    ).rejects.toThrow(RangeError)
    await expect(
      signCompactRegistrationCode({ registrationId, exp, kid: 'k', editionId: 'Not An Id', privateKey }),
    ).rejects.toThrow(RangeError)
  })
})

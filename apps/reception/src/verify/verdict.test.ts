import { firstEdition } from '@furfes/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { openReceptionDatabase } from '../data/database.ts'
import { createReceptionStore, type ReceptionStore } from '../data/store.ts'
import {
  createSigningKey,
  eventMorning,
  hour,
  participant,
  registrationIdOf,
  type SigningKey,
  signCode,
  signJwsCode,
  testUuid,
  validAtEvent,
} from '../test/fixtures.ts'
import { createCodeVerifier } from './code-verifier.ts'
import { judgeCode } from './verdict.ts'

let key: SigningKey
let otherKey: SigningKey

beforeAll(async () => {
  key = await createSigningKey('key-2025')
  otherKey = await createSigningKey('someone-else')
})

async function deviceWith(
  now = eventMorning,
): Promise<{ store: ReceptionStore; judge: (token: string) => Promise<ReturnType<typeof judgeCode>> }> {
  const store = createReceptionStore({
    db: openReceptionDatabase(`verdict-${testUuid()}`),
    clock: () => now,
    device: () => ({ id: 'device-1', name: '受付1' }),
  })
  await store.load()
  await store.setKeys(key.keySet)
  await store.setEdition(firstEdition)
  await store.replaceParticipants([
    participant({
      n: 1,
      badgeName: 'Fox',
      handleName: 'Foxy',
      tier: 'sponsor_fursuiter',
      tShirtSize: 'L',
      changingRoomType: 'female',
    }),
    participant({ n: 2, badgeName: 'Wolf', paymentStatus: 'canceled' }),
    participant({ n: 3, badgeName: 'Bear', paymentStatus: 'pending' }),
    participant({ n: 4, badgeName: 'Cat', paymentStatus: 'expired' }),
  ])
  const verifier = createCodeVerifier({
    keys: () => store.getSnapshot().keys,
    editionId: () => store.getSnapshot().edition?.id,
    clock: () => now,
  })
  return { store, judge: async (token) => judgeCode(await verifier.verify(token), store.getSnapshot()) }
}

/** The verdict that refuses a code for `reason`. */
const rejected = (reason: string) => ({ kind: 'rejected', reason })

describe('offline verification of registration codes', () => {
  it('accepts a valid code and says what to hand over', async () => {
    const { judge } = await deviceWith()
    const verdict = await judge(await signCode(key, { n: 1 }, validAtEvent))
    expect(verdict).toMatchObject({
      kind: 'valid',
      notInSnapshot: false,
      subject: {
        badgeName: 'Fox',
        handleName: 'Foxy',
        registrationTier: 'sponsor_fursuiter',
        registrationId: registrationIdOf(1),
      },
      handOver: {
        badge: true,
        goods: [
          { kind: 'benefit', key: 'conbook' },
          { kind: 'benefit', key: 'limitedNeckStrap' },
          { kind: 'benefit', key: 'tShirt', tShirtSize: 'L' },
          { kind: 'benefit', key: 'toteBag' },
          { kind: 'benefit', key: 'entryBadgeCase' },
          { kind: 'benefit', key: 'sticker' },
        ],
        changingRoomType: 'female',
      },
    })
  })

  it('says "already checked in", with when and where, once the person was checked in', async () => {
    const { store, judge } = await deviceWith()
    const token = await signCode(key, { n: 1 }, validAtEvent)
    await store.recordCheckIn(registrationIdOf(1))
    const verdict = await judge(token)
    expect(verdict).toMatchObject({
      kind: 'alreadyCheckedIn',
      checkIn: { deviceName: '受付1', checkedInAt: eventMorning, registrationId: registrationIdOf(1) },
    })
  })

  it('refuses an expired code', async () => {
    const { judge } = await deviceWith()
    const expired = { iat: eventMorning - 48 * hour, exp: eventMorning - hour }
    expect(await judge(await signCode(key, { n: 1 }, expired))).toMatchObject(rejected('expired'))
  })

  it('tolerates two minutes of clock drift at expiry', async () => {
    const { judge } = await deviceWith(eventMorning + 60_000)
    const token = await signCode(key, { n: 1 }, { exp: eventMorning })
    expect((await judge(token)).kind).toBe('valid')
  })

  it('refuses a tampered code, a code signed with an unknown key, and garbage', async () => {
    const { judge } = await deviceWith()
    const token = await signCode(key, { n: 1 }, validAtEvent)
    // Another registration id under the same signature: base45 writes two bytes as three characters, and
    // characters 6–8 hold bytes 4–5, inside the registration id; the next character changes one of them.
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:'
    const changed = alphabet[(alphabet.indexOf(token[6] ?? '') + 1) % alphabet.length]
    const forged = `${token.slice(0, 6)}${changed}${token.slice(7)}`
    expect(await judge(forged)).toMatchObject(rejected('badSignature'))

    const unknownKid = await signCode(otherKey, { n: 1 }, validAtEvent)
    expect(await judge(unknownKid)).toMatchObject(rejected('unknownKey'))
    // The right key hint but another key's signature is a forgery, not an unknown key.
    const wrongKey = await signCode(otherKey, { n: 1 }, validAtEvent, { kid: key.kid })
    expect(await judge(wrongKey)).toMatchObject(rejected('badSignature'))
    expect(await judge(token.slice(0, -3))).toMatchObject(rejected('malformed'))
    expect(await judge('https://example.com/not-a-code')).toMatchObject(rejected('malformed'))
  })

  it('refuses codes of canceled and unpaid registrations, from the snapshot', async () => {
    const { judge } = await deviceWith()
    expect(await judge(await signCode(key, { n: 2 }, validAtEvent))).toMatchObject({
      ...rejected('canceled'),
      subject: { badgeName: 'Wolf' },
    })
    expect(await judge(await signCode(key, { n: 3 }, validAtEvent))).toMatchObject(rejected('unpaid'))
    expect(await judge(await signCode(key, { n: 4 }, validAtEvent))).toMatchObject(rejected('unpaid'))
  })

  it('accepts a verified code of someone the snapshot does not list yet, by its registration id', async () => {
    const { judge } = await deviceWith()
    const token = await signCode(key, { n: 9 }, validAtEvent)
    expect(await judge(token)).toEqual({
      kind: 'valid',
      notInSnapshot: true,
      subject: {
        userId: undefined,
        registrationId: registrationIdOf(9),
        badgeName: undefined,
        handleName: undefined,
        email: undefined,
        registrationTier: undefined,
        participant: undefined,
        scannedCode: token,
      },
      handOver: { badge: true, goods: [], changingRoomType: undefined },
    })
  })

  it('refuses a code of another edition than the one synced, naming it, before judging its expiry', async () => {
    const { judge } = await deviceWith()
    const lastYear = { exp: eventMorning - 300 * 24 * hour }
    expect(await judge(await signCode(key, { n: 1 }, lastYear, { editionId: '2024' }))).toEqual({
      kind: 'rejected',
      reason: 'otherEdition',
      subject: undefined,
      codeEdition: '2024',
    })
    // Signed for the edition the device holds, the same person is admitted, and the check-in carries the code.
    const thisYear = await signCode(key, { n: 1 }, validAtEvent, { editionId: firstEdition.id })
    expect(await judge(thisYear)).toMatchObject({
      kind: 'valid',
      subject: { badgeName: 'Fox', scannedCode: thisYear },
    })
  })

  it('still accepts a version 1 code, issued before codes named their edition, until it expires', async () => {
    const { judge } = await deviceWith()
    const old = await signCode(key, { n: 1 }, validAtEvent, { editionId: null })
    expect(old.startsWith('100')).toBe(true)
    expect(await judge(old)).toMatchObject({ kind: 'valid', subject: { badgeName: 'Fox' } })
    const expired = await signCode(key, { n: 1 }, { exp: eventMorning - hour }, { editionId: null })
    expect(await judge(expired)).toMatchObject(rejected('expired'))
  })

  it('refuses everything while the device has no keys yet', async () => {
    const store = createReceptionStore({
      db: openReceptionDatabase(`verdict-${testUuid()}`),
      clock: () => eventMorning,
      device: () => ({ id: 'd', name: 'd' }),
    })
    await store.load()
    const verifier = createCodeVerifier({
      keys: () => store.getSnapshot().keys,
      editionId: () => undefined,
      clock: () => eventMorning,
    })
    const token = await signCode(key, { n: 1 }, validAtEvent)
    expect(await verifier.verify(token)).toEqual({ ok: false, problem: 'noKeys' })
  })
})

describe('codes issued before the compact format (JWS), until they expire', () => {
  it('accepts one, with the name and tier it carries when the snapshot does not list the person', async () => {
    const { judge } = await deviceWith()
    expect(
      await judge(
        await signJwsCode(key, { n: 1, badgeName: 'Fox', tier: 'sponsor_fursuiter' }, validAtEvent),
      ),
    ).toMatchObject({
      kind: 'valid',
      notInSnapshot: false,
      subject: { badgeName: 'Fox', handleName: 'Foxy', registrationId: registrationIdOf(1) },
      handOver: { goods: expect.arrayContaining([{ kind: 'benefit', key: 'tShirt', tShirtSize: 'L' }]) },
    })
    expect(
      await judge(await signJwsCode(key, { n: 9, badgeName: 'Newcomer', tier: 'sponsor' }, validAtEvent)),
    ).toMatchObject({
      kind: 'valid',
      notInSnapshot: true,
      subject: { badgeName: 'Newcomer', registrationTier: 'sponsor' },
      handOver: { goods: expect.arrayContaining([{ kind: 'benefit', key: 'tShirt' }]) },
    })
  })

  it('refuses one once expired, altered, of an unknown key or of another type', async () => {
    const { judge } = await deviceWith()
    const expired = { iat: eventMorning - 48 * hour, exp: eventMorning - hour }
    expect(await judge(await signJwsCode(key, { n: 1, badgeName: 'Fox' }, expired))).toMatchObject(
      rejected('expired'),
    )
    const token = await signJwsCode(key, { n: 1, badgeName: 'Fox' }, validAtEvent)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, registration_tier: 'sponsor' })).toString(
      'base64url',
    )
    expect(await judge(`${header}.${forged}.${signature}`)).toMatchObject(rejected('badSignature'))
    expect(await judge(await signJwsCode(otherKey, { n: 1, badgeName: 'Fox' }, validAtEvent))).toMatchObject(
      rejected('unknownKey'),
    )
    const wrongType = await signJwsCode(key, { n: 1, badgeName: 'Fox' }, validAtEvent, { typ: 'JWT' })
    expect(await judge(wrongType)).toMatchObject(rejected('malformed'))
  })
})

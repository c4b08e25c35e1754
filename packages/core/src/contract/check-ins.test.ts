import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  checkInItemWireSchema,
  checkInPageCodec,
  checkInRecordWireSchema,
  checkInResultCodec,
  checkInUploadCodec,
  checkInUploadWireSchema,
  isCheckInRefusal,
  maxCheckInUploadItems,
} from './check-ins.ts'
import { participantListCodec } from './participants.ts'
import { registrationCodeClaimsSchema } from './registration-code.ts'

const id = '3b241101-e2bb-4255-8caf-4136c566a962'
const registrationId = '6f1e2d3c-4b5a-4987-8654-3210fedcba98'
const item = {
  id,
  registration_id: registrationId,
  device_id: 'device-a',
  checked_in_at: '2025-05-10T10:00:00+09:00',
  kind: 'check_in',
} as const

describe('check-in wire schemas', () => {
  it('takes a check-in and an undo naming its target, and nothing else', () => {
    expect(checkInItemWireSchema.safeParse(item).success).toBe(true)
    const undo = { ...item, id: registrationId, kind: 'undo', undoes: id }
    expect(checkInItemWireSchema.safeParse(undo).success).toBe(true)
    expect(checkInItemWireSchema.safeParse({ ...undo, undoes: undefined }).success).toBe(false)
    expect(checkInItemWireSchema.safeParse({ ...item, undoes: id }).success).toBe(false)
    expect(checkInItemWireSchema.safeParse({ ...item, id: 'not-a-uuid' }).success).toBe(false)
    expect(checkInItemWireSchema.safeParse({ ...item, checked_in_at: '10 May' }).success).toBe(false)
  })

  it('refuses device ids and names that cannot be stored (decision 015)', () => {
    expect(checkInItemWireSchema.safeParse({ ...item, device_name: '受付1 🦊' }).success).toBe(true)
    for (const bad of ['受付\u0000', '受付\uD800', '受付\n1', '\u202E1付受']) {
      const named = checkInItemWireSchema.safeParse({ ...item, device_name: bad })
      expect(named.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['device_name'], 'validation.invalidInput'],
      ])
      expect(checkInItemWireSchema.safeParse({ ...item, device_id: bad }).success).toBe(false)
    }
  })

  it('uploads between one and the maximum number of items', () => {
    expect(checkInUploadWireSchema.safeParse({ items: [] }).success).toBe(false)
    const many = Array.from({ length: maxCheckInUploadItems + 1 }, () => item)
    expect(checkInUploadWireSchema.safeParse({ items: many.slice(1) }).success).toBe(true)
    expect(checkInUploadWireSchema.safeParse({ items: many }).success).toBe(false)
  })

  it('round-trips results and pages between wire and client names', () => {
    const rejected = { id, status: 'rejected', reason: 'undo_target_not_active' } as const
    expect(z.encode(checkInResultCodec, checkInResultCodec.parse(rejected))).toEqual(rejected)
    const page = {
      items: [
        {
          ...item,
          checked_in_at: '2025-05-10T01:00:00.000Z',
          device_name: '受付1',
          status: 'duplicate',
          first_check_in_id: registrationId,
          received_at: '2025-05-10T01:00:01.000Z',
        },
      ],
      next_cursor: 'c2',
      has_more: true,
    } as const
    const decoded = checkInPageCodec.parse(page)
    expect(decoded.items[0]).toMatchObject({ deviceName: '受付1', firstCheckInId: registrationId })
    expect(z.encode(checkInPageCodec, decoded)).toEqual(page)
  })

  it('carries a refusal for an unpaid or canceled registration, in the answer and in the record', () => {
    for (const reason of ['not_paid', 'canceled'] as const) {
      const refused = { id, status: 'rejected', reason } as const
      expect(checkInResultCodec.parse(refused)).toEqual(refused)
      expect(z.encode(checkInResultCodec, checkInResultCodec.parse(refused))).toEqual(refused)
      expect(isCheckInRefusal(reason)).toBe(true)
    }
    expect(isCheckInRefusal('unknown_registration')).toBe(false)
    expect(isCheckInRefusal(undefined)).toBe(false)
    const record = {
      ...item,
      checked_in_at: '2025-05-10T01:00:00.000Z',
      status: 'rejected',
      reason: 'not_paid',
      received_at: '2025-05-10T01:00:01.000Z',
    } as const
    const page = { items: [record], next_cursor: '7', has_more: false }
    expect(checkInPageCodec.parse(page).items[0]).toMatchObject({ status: 'rejected', reason: 'not_paid' })
    expect(z.encode(checkInPageCodec, checkInPageCodec.parse(page))).toEqual(page)
    // A device built before the reason was on records reads them still: its schema ignores the extra field.
    const { reason: _new, ...oldShape } = checkInRecordWireSchema.shape
    expect(z.object(oldShape).safeParse(record).success).toBe(true)
  })

  it('uploads the compact code scanned for a check-in, refuses other text, and counts its refusals as refusals', () => {
    const code = '2009IMSG:ALBQM$6Q5/7VFBX4$*ZT6$A3ZW'
    const scanned = {
      id,
      registrationId,
      deviceId: 'device-a',
      checkedInAt: Date.parse('2025-05-10T01:00:00.000Z'),
      kind: 'check_in',
      code,
    } as const
    expect(z.encode(checkInUploadCodec, [scanned]).items[0]).toMatchObject({
      registration_id: registrationId,
      code,
    })
    expect(checkInItemWireSchema.safeParse({ ...item, code: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' }).success).toBe(
      false,
    )
    // Records devices pull name no code: it is checked at upload and not kept.
    expect('code' in checkInRecordWireSchema.shape).toBe(false)
    expect(isCheckInRefusal('other_edition')).toBe(true)
    expect(isCheckInRefusal('invalid_code')).toBe(true)
  })

  it('keeps participants without a registration id readable (answers from before the field)', () => {
    const wire = {
      items: [
        {
          user: { user_id: registrationId, email: 'fox@example.com' },
          registration: { payment_status: 'paid', registration_tier: 'member', badge_name: 'Fox' },
        },
      ],
    }
    const [participant] = participantListCodec.parse(wire)
    expect(participant?.registration).toEqual({
      paymentStatus: 'paid',
      registrationTier: 'member',
      badgeName: 'Fox',
    })
    expect(z.encode(participantListCodec, participantListCodec.parse(wire))).toEqual(wire)
  })
})

describe('registration code claims', () => {
  it('are the ones the API signs', () => {
    const claims = {
      iss: 'https://api.furfes.example',
      sub: id,
      jti: registrationId,
      registration_id: registrationId,
      registration_tier: 'sponsor',
      badge_name: 'Fox',
      iat: 1_746_838_800,
      exp: 1_746_925_200,
    }
    expect(registrationCodeClaimsSchema.parse(claims)).toEqual(claims)
    expect(registrationCodeClaimsSchema.safeParse({ ...claims, registration_id: undefined }).success).toBe(
      false,
    )
  })
})

import type { Participant } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { checkInsByRegistration, type StoredCheckIn } from '../data/check-ins.ts'
import { parseCsv } from '../test/csv.ts'
import { eventMorning, participant, registrationIdOf, userIdOf } from '../test/fixtures.ts'
import {
  byteOrderMark,
  checkInCsvColumns,
  checkInsCsv,
  csvColumns,
  csvFileName,
  participantsCsv,
} from './csv.ts'

const people = [
  participant({
    n: 1,
    badgeName: 'きつね',
    handleName: 'Fox「狐」',
    tier: 'sponsor_fursuiter',
    tShirtSize: 'XL',
    changingRoomType: 'male',
    xUsername: 'fox_1',
    email: 'fox@example.com',
    accessNeeds: 'Wheelchair access',
    attention: { flagged: true, note: 'See the desk lead' },
    addons: [{ code: 'cooking_club_tasting', name_ja: '料理部 試食会', name_en: 'Cooking club tasting' }],
  }),
  participant({
    n: 2,
    badgeName: '=HYPERLINK("http://evil")',
    paymentStatus: 'canceled',
    complimentary: 'guest',
    attention: { flagged: false, note: 'Quiet room' },
  }),
  participant({ n: 3, badgeName: 'Comma, "quoted"\nline', paymentStatus: 'pending' }),
  participant({ n: 4, badgeName: 'x', withoutRegistration: true }),
]

const checkIn: StoredCheckIn = {
  id: 'c1',
  registrationId: registrationIdOf(1),
  deviceId: 'device-1',
  deviceName: '受付1',
  checkedInAt: eventMorning,
  kind: 'check_in',
  localSeq: 1,
  origin: 'local',
  status: 'accepted',
  receivedAt: eventMorning + 1000,
}

/** UTF-8 starting with a byte order mark, for Excel, then the header row and a CRLF. */
function expectExcelStart(csv: string, columns: readonly string[]) {
  expect(csv.startsWith(byteOrderMark)).toBe(true)
  expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  expect(csv.split('\r\n')[0]).toBe(`${byteOrderMark}${columns.join(',')}`)
}

/** The rows, once papaparse has read the file without an error and with exactly these columns. */
function parseCleanly(csv: string, columns: readonly string[]) {
  const parsed = parseCsv(csv)
  expect(parsed.errors).toEqual([])
  expect(parsed.meta.fields).toEqual([...columns])
  return parsed
}

describe('participant CSV', () => {
  const csv = participantsCsv(people, checkInsByRegistration([checkIn]))

  it('is UTF-8 text that starts with a byte order mark, for Excel', () => {
    expectExcelStart(csv, csvColumns)
  })

  it('parses back with papaparse to one row per participant with every field', () => {
    const parsed = parseCleanly(csv, csvColumns)
    expect(parsed.data).toHaveLength(4)
    expect(parsed.data[0]).toEqual({
      user_id: userIdOf(1),
      email: 'fox@example.com',
      registration_id: registrationIdOf(1),
      registration_tier: 'sponsor_fursuiter',
      badge_name: 'きつね',
      payment_status: 'paid',
      t_shirt_size: 'XL',
      changing_room_type: 'male',
      handle_name: 'Fox「狐」',
      profile_privacy: 'public',
      profile_urls: '',
      club_activity_x_username: 'fox_1',
      addons: 'cooking_club_tasting',
      checked_in_at: '2025-05-10 09:30:00',
      checked_in_device: '受付1',
      access_needs: 'Wheelchair access',
      door_note: 'See the desk lead',
      attention_flagged: 'true',
      complimentary: '',
    })
    expect(parsed.data[1]).toMatchObject({
      access_needs: '',
      door_note: 'Quiet room',
      attention_flagged: 'false',
      complimentary: 'guest',
    })
    expect(parsed.data[2]?.badge_name).toBe('Comma, "quoted"\nline')
    expect(parsed.data[2]?.checked_in_at).toBe('')
    expect(parsed.data[3]).toMatchObject({ user_id: userIdOf(4), registration_id: '', badge_name: '' })
  })

  it('defuses cells a spreadsheet would run as formulas', () => {
    const parsed = parseCsv(csv)
    expect(parsed.data[1]?.badge_name).toBe(`'=HYPERLINK("http://evil")`)
  })

  it('names the file after the date and time in Japan', () => {
    expect(csvFileName(Date.parse('2025-05-09T23:59:00Z'))).toBe('participants-2025-05-10-0859.csv')
  })
})

describe('check-in CSV', () => {
  const byRegistration = new Map<string, Participant>()
  for (const person of people) {
    if (person.registration?.registrationId) byRegistration.set(person.registration.registrationId, person)
  }
  const undo: StoredCheckIn = {
    id: 'u1',
    registrationId: registrationIdOf(1),
    deviceId: 'device-1',
    deviceName: '受付1',
    checkedInAt: eventMorning + 60_000,
    kind: 'undo',
    undoes: 'c1',
    localSeq: 3,
    origin: 'local',
  }
  const remote: StoredCheckIn = {
    id: 'c2',
    registrationId: registrationIdOf(2),
    deviceId: 'device-2',
    checkedInAt: eventMorning - 60_000,
    kind: 'check_in',
    localSeq: 2,
    origin: 'remote',
    status: 'rejected',
    reason: 'canceled',
  }
  const csv = checkInsCsv([checkIn, undo, remote], byRegistration)

  it('starts with a byte order mark and has CRLF line ends', () => {
    expectExcelStart(csv, checkInCsvColumns)
  })

  it('lists every check-in and undo oldest first: who, when in Japan, which device, and the answer', () => {
    const parsed = parseCleanly(csv, checkInCsvColumns)
    // Fox's check-in and its undo, both on this device.
    const foxOnDevice1 = {
      registration_id: registrationIdOf(1),
      user_id: userIdOf(1),
      badge_name: 'きつね',
      email: 'fox@example.com',
      device_id: 'device-1',
      device_name: '受付1',
    }
    expect(parsed.data).toEqual([
      {
        checked_in_at: '2025-05-10 09:29:00',
        kind: 'check_in',
        registration_id: registrationIdOf(2),
        user_id: userIdOf(2),
        // The badge name is user input: defused like in the participant CSV.
        badge_name: `'=HYPERLINK("http://evil")`,
        email: 'user2@example.com',
        device_id: 'device-2',
        device_name: '',
        status: 'rejected',
        reason: 'canceled',
      },
      {
        checked_in_at: '2025-05-10 09:30:00',
        kind: 'check_in',
        ...foxOnDevice1,
        status: 'accepted',
        reason: '',
      },
      { checked_in_at: '2025-05-10 09:31:00', kind: 'undo', ...foxOnDevice1, status: 'pending', reason: '' },
    ])
  })

  it('is named for what it holds', () => {
    expect(csvFileName(Date.parse('2025-05-09T23:59:00Z'), 'check-ins')).toBe('check-ins-2025-05-10-0859.csv')
  })
})

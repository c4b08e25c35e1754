import { describe, expect, it } from 'vitest'
import { answerKey, type StoredCheckIn, uploadStateOf } from './check-ins.ts'

const recorded: StoredCheckIn = {
  id: '00000000-0000-4000-8000-000000000001',
  registrationId: '00000000-0000-4000-8000-0000000000aa',
  deviceId: 'device-1',
  deviceName: 'Gate 1',
  checkedInAt: 1_000,
  kind: 'check_in',
  localSeq: 1,
  origin: 'local',
}

describe('where a check-in recorded at the door stands', () => {
  it('is kept on this device while offline, and waits for upload while online', () => {
    expect(uploadStateOf(recorded, 'offline')).toBe('recordedHere')
    expect(uploadStateOf(recorded, 'online')).toBe('waiting')
    expect(answerKey(recorded)).toBe('participants.history.status.pending')
  })

  it('is uploaded once the API accepted it, whatever the connection says now', () => {
    const accepted = { ...recorded, status: 'accepted' as const, receivedAt: 2_000 }
    expect(uploadStateOf(accepted, 'online')).toBe('uploaded')
    expect(uploadStateOf(accepted, 'offline')).toBe('uploaded')
  })

  it('says how the API answered otherwise: another device first, or a refusal with its reason', () => {
    const duplicate = { ...recorded, status: 'duplicate' as const }
    const refused = { ...recorded, status: 'rejected' as const, reason: 'canceled' as const }
    expect(uploadStateOf(duplicate, 'online')).toBe('answeredOtherwise')
    expect(uploadStateOf(refused, 'online')).toBe('answeredOtherwise')
    expect(answerKey(duplicate)).toBe('participants.history.status.duplicate')
    expect(answerKey(refused)).toBe('participants.history.reason.canceled')
  })
})

import { checkInItemWireSchema } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { createDeviceSettings } from './device.ts'

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries))
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  }
}

/** Whether the API takes the name with a check-in. */
const acceptedByApi = (id: string, name: string) =>
  checkInItemWireSchema.safeParse({
    id: '3b241101-e2bb-4255-8caf-4136c566a962',
    registration_id: '6f1e2d3c-4b5a-4987-8654-3210fedcba98',
    device_id: id,
    device_name: name,
    checked_in_at: '2025-05-10T10:00:00+09:00',
    kind: 'check_in',
  }).success

describe('device name', () => {
  it('keeps only what the API takes with a check-in (decision 015)', () => {
    const device = createDeviceSettings(memoryStorage(), () => 'a1b2c3d4-0000-4000-8000-000000000000')
    for (const [typed, kept] of [
      ['受付\u0000 1', '受付 1'],
      ['\u202E1付受', '1付受'],
      [`${'a'.repeat(49)}🦊`, 'a'.repeat(49)],
      ['\u0007\n', '#A1B2'],
    ] as const) {
      device.setName(typed)
      expect(device.getSnapshot().name, JSON.stringify(typed)).toBe(kept)
      expect(acceptedByApi(device.getSnapshot().id, device.getSnapshot().name)).toBe(true)
    }
  })

  it('cleans a name kept from before the rule', () => {
    const storage = memoryStorage({
      furfesReceptionDevice: JSON.stringify({ id: 'device-a', name: '受付\u202E2' }),
    })
    expect(createDeviceSettings(storage).getSnapshot()).toEqual({ id: 'device-a', name: '受付2' })
  })
})

import { randomUUID } from 'node:crypto'
import type { CheckInItemWire } from '@furfes/core'

/** A check-in (or, with `extra`, an undo) that a reception device records at `at`, as it uploads it. */
export function deviceRecord(
  device: { id: string; name: string },
  registrationId: string,
  at: number,
  extra: Partial<CheckInItemWire> = {},
): CheckInItemWire {
  return {
    id: randomUUID(),
    registration_id: registrationId,
    device_id: device.id,
    device_name: device.name,
    checked_in_at: new Date(at).toISOString(),
    kind: 'check_in',
    ...extra,
  }
}

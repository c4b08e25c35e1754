import { createStore, type Store, storablePrefix } from '@furfes/core'
import { z } from 'zod'
import type { DeviceIdentity } from '../data/store.ts'

const deviceStorageKey = 'furfesReceptionDevice'

const deviceSchema = z.object({ id: z.string().min(1).max(64), name: z.string().max(50) })

export interface DeviceSettings extends Store<DeviceIdentity> {
  setName(name: string): void
}

/**
 * The device's identity: a random id made once and kept, and the name staff give it (受付1), which other
 * devices show next to "already checked in". It lives in localStorage, beside the admin session.
 */
export function createDeviceSettings(
  storage: Storage,
  newId: () => string = () => crypto.randomUUID(),
): DeviceSettings {
  const { set, ...current } = createStore(read())

  function read(): DeviceIdentity {
    try {
      const parsed = deviceSchema.safeParse(JSON.parse(storage.getItem(deviceStorageKey) ?? 'null'))
      // A name kept from before the API refused some characters (decision 015) would fail every upload.
      if (parsed.success) return { ...parsed.data, name: storableName(parsed.data.name, parsed.data.id) }
    } catch {
      // An unreadable entry is replaced, as the app storage does with its own entries.
    }
    const id = newId()
    const fresh = { id, name: defaultDeviceName(id) }
    write(fresh)
    return fresh
  }

  function write(device: DeviceIdentity) {
    try {
      storage.setItem(deviceStorageKey, JSON.stringify(device))
    } catch {
      // Private mode or a full storage: the identity still holds for this session.
    }
  }

  return {
    ...current,
    setName(name) {
      const { id } = current.getSnapshot()
      const next = { id, name: storableName(name, id) }
      write(next)
      set(next)
    },
  }
}

/**
 * The name as the API takes it with every check-in (decision 015): without controls or bidi controls, and
 * cut without splitting a character, so a pasted name can never make the device's uploads fail.
 */
function storableName(name: string, id: string): string {
  return storablePrefix(name.trim(), 50).trim() || defaultDeviceName(id)
}

/** Until staff name it, a device is known by the start of its id. */
function defaultDeviceName(id: string): string {
  return `#${id.replace(/-/g, '').slice(0, 4).toUpperCase()}`
}

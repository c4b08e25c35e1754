import { z } from 'zod'
import type { Clock } from '../clock.ts'
import { authInfoSchema } from '../domain/auth-info.ts'
import { chooseLanguage, type Language, supportedLanguages } from '../domain/language.ts'
import { storedRegistrationCodeLifetimeMs } from '../domain/limits.ts'
import type { KeyValueStorage } from './key-value-storage.ts'

const tokenSchema = z.string().min(1)

/** The browser storage entries (docs/requirements.md STO-1) and the shape of each value. */
export const storageEntrySchemas = {
  lang: z.enum(supportedLanguages),
  authInfo: authInfoSchema,
  authInfoRefreshToken: tokenSchema,
  adminAuthInfo: authInfoSchema,
  adminAuthInfoRefreshToken: tokenSchema,
  registrationJwtToken: tokenSchema,
} as const

export type StorageKey = keyof typeof storageEntrySchemas
export const storageKeys = Object.keys(storageEntrySchemas) as StorageKey[]
export type StorageValue<K extends StorageKey> = z.output<(typeof storageEntrySchemas)[K]>

/** Entries that expire on their own: the registration code is kept 7 days after it is stored. */
export const storageEntryLifetimeMs: Readonly<Partial<Record<StorageKey, number>>> = {
  registrationJwtToken: storedRegistrationCodeLifetimeMs,
}

/** Each entry is stored as JSON: the value and, optionally, when it expires (epoch ms). */
const envelopeSchema = z.object({ value: z.unknown(), expiresAt: z.number().optional() })

export interface AppStorage {
  /** The value, or undefined when it is absent, unreadable or expired (the last two are deleted). */
  get<K extends StorageKey>(key: K): StorageValue<K> | undefined
  /**
   * Stores a value. `expiresAt` overrides the entry's own lifetime; entries without either never expire.
   * Throws when the value does not fit the entry, or when the browser refuses the write (quota).
   */
  set<K extends StorageKey>(key: K, value: StorageValue<K>, options?: { expiresAt?: number }): void
  remove(key: StorageKey): void
}

/**
 * Typed access to the app's browser storage (decision 014). An unreadable or expired entry is deleted and
 * treated as absent, so a corrupted or outdated value can never break start-up.
 */
export function createAppStorage(storage: KeyValueStorage, clock: Clock): AppStorage {
  function removeQuietly(key: StorageKey): void {
    try {
      storage.removeItem(key)
    } catch {
      // A storage that cannot even delete (disabled by the browser) has nothing for us to read either.
    }
  }

  function read(key: StorageKey): unknown {
    let raw: string | null
    try {
      raw = storage.getItem(key)
    } catch {
      return undefined
    }
    if (raw === null) return undefined
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      removeQuietly(key)
      return undefined
    }
    const envelope = envelopeSchema.safeParse(json)
    if (!envelope.success || (envelope.data.expiresAt !== undefined && clock() >= envelope.data.expiresAt)) {
      removeQuietly(key)
      return undefined
    }
    const value = storageEntrySchemas[key].safeParse(envelope.data.value)
    if (!value.success) {
      removeQuietly(key)
      return undefined
    }
    return value.data
  }

  return {
    get: <K extends StorageKey>(key: K) => read(key) as StorageValue<K> | undefined,
    set(key, value, options = {}) {
      const parsed = storageEntrySchemas[key].parse(value)
      const lifetime = storageEntryLifetimeMs[key]
      const expiresAt = options.expiresAt ?? (lifetime === undefined ? undefined : clock() + lifetime)
      storage.setItem(
        key,
        JSON.stringify(expiresAt === undefined ? { value: parsed } : { value: parsed, expiresAt }),
      )
    },
    remove: removeQuietly,
  }
}

/**
 * The language to show: the stored choice, else the browser's language (`navigator.language`); anything
 * other than ja or en becomes ja.
 */
export function chooseStoredLanguage(
  storage: AppStorage,
  browserLanguage: string | null | undefined,
): Language {
  return chooseLanguage({ stored: storage.get('lang'), browserLanguage })
}

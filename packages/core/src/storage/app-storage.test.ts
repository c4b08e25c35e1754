import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AuthInfo } from '../domain/auth-info.ts'
import { chooseStoredLanguage, createAppStorage, storageEntryLifetimeMs, storageKeys } from './app-storage.ts'
import { createMemoryStorage, type KeyValueStorage } from './key-value-storage.ts'

const day = 24 * 60 * 60 * 1000
const start = Date.parse('2025-04-01T00:00:00Z')

function setup(initial: Record<string, string> = {}) {
  let now = start
  const backing = createMemoryStorage(initial)
  const sut = createAppStorage(backing, () => now)
  return {
    sut,
    backing,
    advance: (ms: number) => {
      now += ms
    },
  }
}

const authInfo: AuthInfo = { accessToken: 'token', tokenType: 'Bearer', expiresAt: start + 3_600_000 }

describe('app storage', () => {
  it('has the six entries of local storage', () => {
    expect(storageKeys).toEqual([
      'lang',
      'authInfo',
      'authInfoRefreshToken',
      'adminAuthInfo',
      'adminAuthInfoRefreshToken',
      'registrationJwtToken',
    ])
    expect(storageEntryLifetimeMs).toEqual({ registrationJwtToken: 7 * day })
  })

  it('stores each entry as a value with an optional expiry', () => {
    const { sut, backing } = setup()
    sut.set('lang', 'en')
    sut.set('authInfo', authInfo)
    sut.set('authInfoRefreshToken', 'refresh')
    sut.set('adminAuthInfo', { ...authInfo, accessToken: 'admin' })
    sut.set('adminAuthInfoRefreshToken', 'admin-refresh')
    sut.set('registrationJwtToken', 'a.b.c')
    expect(JSON.parse(backing.getItem('lang') ?? '')).toEqual({ value: 'en' })
    expect(JSON.parse(backing.getItem('authInfo') ?? '')).toEqual({ value: authInfo })
    expect(JSON.parse(backing.getItem('registrationJwtToken') ?? '')).toEqual({
      value: 'a.b.c',
      expiresAt: start + 7 * day,
    })
    expect(storageKeys.map((key) => sut.get(key))).toEqual([
      'en',
      authInfo,
      'refresh',
      { ...authInfo, accessToken: 'admin' },
      'admin-refresh',
      'a.b.c',
    ])
  })

  it('expires the registration code 7 days after storing it, deleting it', () => {
    const { sut, backing, advance } = setup()
    sut.set('registrationJwtToken', 'a.b.c')
    advance(7 * day - 1)
    expect(sut.get('registrationJwtToken')).toBe('a.b.c')
    advance(1)
    expect(sut.get('registrationJwtToken')).toBeUndefined()
    expect(backing.getItem('registrationJwtToken')).toBeNull()
  })

  it('takes an explicit expiry for any entry', () => {
    const { sut, advance } = setup()
    sut.set('authInfoRefreshToken', 'refresh', { expiresAt: start + 1000 })
    advance(999)
    expect(sut.get('authInfoRefreshToken')).toBe('refresh')
    advance(1)
    expect(sut.get('authInfoRefreshToken')).toBeUndefined()
  })

  it('deletes an unreadable entry and treats it as absent', () => {
    const { sut, backing } = setup({
      lang: 'en',
      authInfo: JSON.stringify({ value: { ...authInfo, tokenType: 'Basic' } }),
      authInfoRefreshToken: JSON.stringify({ refresh: 'x' }),
      adminAuthInfo: JSON.stringify({ value: authInfo, expiresAt: 'tomorrow' }),
    })
    expect(sut.get('lang')).toBeUndefined()
    expect(sut.get('authInfo')).toBeUndefined()
    expect(sut.get('authInfoRefreshToken')).toBeUndefined()
    expect(sut.get('adminAuthInfo')).toBeUndefined()
    expect(
      ['lang', 'authInfo', 'authInfoRefreshToken', 'adminAuthInfo'].map((key) => backing.getItem(key)),
    ).toEqual([null, null, null, null])
  })

  it('removes entries', () => {
    const { sut } = setup()
    sut.set('authInfo', authInfo)
    sut.remove('authInfo')
    expect(sut.get('authInfo')).toBeUndefined()
  })

  it('refuses to store a value that does not fit the entry', () => {
    const { sut, backing } = setup()
    expect(() => sut.set('lang', 'fr' as never)).toThrow()
    expect(() => sut.set('authInfo', { ...authInfo, tokenType: 'MAC' } as never)).toThrow()
    expect(backing.getItem('lang')).toBeNull()
  })

  it('treats a storage the browser refuses to read as empty', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => undefined,
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    const sut = createAppStorage(refusing, () => start)
    expect(sut.get('authInfo')).toBeUndefined()
    expect(() => sut.remove('authInfo')).not.toThrow()
  })
})

describe('app storage properties', () => {
  const token = fc.string({ minLength: 1 })
  const entry = fc.oneof(
    fc.record({ key: fc.constant('lang' as const), value: fc.constantFrom('ja' as const, 'en' as const) }),
    fc.record({
      key: fc.constantFrom('authInfo' as const, 'adminAuthInfo' as const),
      value: fc.record({
        accessToken: token,
        tokenType: fc.constant('Bearer' as const),
        expiresAt: fc.nat(),
      }),
    }),
    fc.record({
      key: fc.constantFrom(
        'authInfoRefreshToken' as const,
        'adminAuthInfoRefreshToken' as const,
        'registrationJwtToken' as const,
      ),
      value: token,
    }),
  )

  it('gives back what was stored until it expires, and nothing after', () => {
    fc.assert(
      fc.property(entry, fc.integer({ min: 0, max: 30 * day }), ({ key, value }, elapsed) => {
        const { sut, advance } = setup()
        sut.set(key, value as never)
        advance(elapsed)
        const lifetime = storageEntryLifetimeMs[key]
        const expected = lifetime !== undefined && elapsed >= lifetime ? undefined : value
        expect(sut.get(key)).toEqual(expected)
      }),
    )
  })

  it('never throws on whatever text the storage holds, and keeps only readable entries', () => {
    fc.assert(
      fc.property(fc.constantFrom(...storageKeys), fc.oneof(fc.string(), fc.json()), (key, raw) => {
        const { sut, backing } = setup({ [key]: raw })
        const value = sut.get(key)
        if (value === undefined) expect(backing.getItem(key)).toBeNull()
        else expect(backing.getItem(key)).toBe(raw)
      }),
    )
  })
})

describe('language choice', () => {
  it('follows the stored value, else the browser language, else ja', () => {
    const { sut } = setup()
    expect(chooseStoredLanguage(sut, 'en-US')).toBe('en')
    expect(chooseStoredLanguage(sut, 'fr-FR')).toBe('ja')
    sut.set('lang', 'ja')
    expect(chooseStoredLanguage(sut, 'en-US')).toBe('ja')
  })

  it('ignores an unreadable stored value', () => {
    const { sut } = setup({ lang: JSON.stringify({ value: 'fr' }) })
    expect(chooseStoredLanguage(sut, 'en-GB')).toBe('en')
  })
})

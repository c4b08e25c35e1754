import { describe, expect, it } from 'vitest'
import { type CachedAsset, currentSlot, openPwaDatabase } from '../offline/database.ts'
import { emptyDevice } from './empty-device.ts'

const asset = (path: string): CachedAsset => ({
  path,
  contentType: 'text/html',
  body: new TextEncoder().encode('<p>FAQ</p>').buffer,
  savedAt: 1,
})

describe('emptying the device between test files', () => {
  it('empties storage and every IndexedDB table, and a connection the app holds stays usable', async () => {
    window.localStorage.setItem('furfes.language', 'en')
    window.sessionStorage.setItem('furfes.return', '/ja/mypage')
    const database = openPwaDatabase('empty-device-test')
    await database.assets.put(asset('/ja/faq'))
    await database.registrationCode.put({
      slot: currentSlot,
      token: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln',
      badgeName: 'ふわふわ',
      tier: 'fursuiter',
      expiresAt: 2,
      savedAt: 1,
    })

    await emptyDevice()

    expect(window.localStorage.length).toBe(0)
    expect(window.sessionStorage.length).toBe(0)
    expect(await database.assets.count()).toBe(0)
    expect(await database.registrationCode.count()).toBe(0)
    // The schema is kept: the app's open connection writes and reads again without reopening.
    expect(database.isOpen()).toBe(true)
    await database.assets.put(asset('/en/faq'))
    expect((await database.assets.toArray()).map((row) => row.path)).toEqual(['/en/faq'])
    database.close()
  })
})

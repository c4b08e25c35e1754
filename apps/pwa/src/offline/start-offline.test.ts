import type { Language } from '@furfes/core'
import { createNotificationQueue } from '@furfes/ui'
import { describe, expect, it } from 'vitest'
import type { ServiceWorkerMessage } from './service-worker-messages.ts'
import { type ServiceWorkerControl, startOffline } from './start-offline.ts'

/** A stand-in for workbox-window's Workbox: the test fires its events and reads what the page asked of it. */
function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>()
  const calls: string[] = []
  const workbox: ServiceWorkerControl = {
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener])
    },
    register: async () => calls.push('register'),
    update: async () => calls.push('update'),
    messageSkipWaiting: () => calls.push('skipWaiting'),
  }
  const fire = (type: string) => {
    for (const listener of listeners.get(type) ?? []) listener()
  }
  return { workbox, calls, fire }
}

function start(language: Language = 'en') {
  const notifications = createNotificationQueue()
  const { workbox, calls, fire } = fakeWorkbox()
  const posted: ServiceWorkerMessage[] = []
  const reloads: string[] = []
  const events = new EventTarget()
  let ready = false
  startOffline({
    notifications,
    language: () => language,
    reload: () => reloads.push('reload'),
    workbox,
    post: (message) => posted.push(message),
    events,
    markReady: () => {
      ready = true
    },
  })
  return { notifications, calls, fire, posted, reloads, events, isReady: () => ready }
}

describe('service worker start and update flow', () => {
  it('registers, asks for a refresh of the offline copy and says it is ready', async () => {
    const sut = start()
    await Promise.resolve()
    await Promise.resolve()
    expect(sut.calls).toEqual(['register'])
    expect(sut.posted).toEqual([{ type: 'REFRESH_OFFLINE_ASSETS', force: false }])
    expect(sut.isReady()).toBe(true)
  })

  it('offers a waiting version in a snack bar that stays, and reloads into it only when asked', () => {
    const sut = start()
    sut.fire('waiting')
    const [notification] = sut.notifications.getSnapshot()
    expect(notification).toMatchObject({
      message: 'A new version is available. Reload to update.',
      persistent: true,
    })
    expect(notification?.action?.label).toBe('Reload')
    sut.fire('controlling')
    expect(sut.reloads).toEqual([])
    notification?.action?.run()
    expect(sut.calls).toContain('skipWaiting')
    sut.fire('controlling')
    expect(sut.reloads).toEqual(['reload'])
  })

  it('offers it in the language the page shows', () => {
    const sut = start('ja')
    sut.fire('waiting')
    const [notification] = sut.notifications.getSnapshot()
    expect(notification?.message).toBe('新しいバージョンがあります。再読み込みすると更新されます。')
    expect(notification?.action?.label).toBe('再読み込み')
  })

  it('looks for a new version and refreshes the offline copy when the connection returns', async () => {
    const sut = start()
    await Promise.resolve()
    sut.events.dispatchEvent(new Event('online'))
    expect(sut.calls).toContain('update')
    expect(sut.posted).toContainEqual({ type: 'REFRESH_OFFLINE_ASSETS', force: true })
  })
})

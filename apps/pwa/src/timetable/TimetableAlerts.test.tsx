import { type PublishedTimetable, seedTimetable, sortedSessions, startOfDayInTokyo } from '@furfes/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../test/render-app.tsx'

/*
 * Change alerts and notification settings on the timetable page (docs/decisions/
 * 176-push-notifications-and-change-alerts.md).
 */

const eventDay = '2025-05-10'
const at = (time: string) => Date.parse(`${eventDay}T${time}:00+09:00`)
const before: PublishedTimetable = {
  editionId: '2025',
  version: 3,
  publishedAt: Date.parse('2025-05-08T12:00:00+09:00'),
  sessions: sortedSessions(seedTimetable(eventDay)),
}
// Version 4: the parade half an hour later, the DJ set cancelled, the group photo moved to the club area.
const after: PublishedTimetable = {
  ...before,
  version: 4,
  publishedAt: Date.parse('2025-05-09T12:30:00+09:00'),
  sessions: sortedSessions(
    before.sessions
      .filter((session) => session.id !== 'dj-set')
      .map((session) => {
        if (session.id === 'parade') return { ...session, startsAt: at('11:00'), endsAt: at('12:00') }
        if (session.id === 'group-photo')
          return { ...session, stage: { ja: '部活動エリア', en: 'Club area' } }
        return session
      }),
  ),
}
const now = startOfDayInTokyo('2025-05-01')

const seen = () =>
  JSON.parse(window.localStorage.getItem('furfes.timetable.seen') ?? 'null') as { version: number }

afterEach(() => {
  window.localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('change alerts', () => {
  it('remembers the first timetable it shows without an alert', async () => {
    window.localStorage.setItem('furfes.timetable.starred', JSON.stringify(['parade']))
    renderApp('/en/timetable', { timetable: after, now })
    await screen.findByRole('heading', { name: 'Programme' })
    await waitFor(() => expect(seen()?.version).toBe(4))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows what a newer version changed among the starred sessions until dismissed', async () => {
    window.localStorage.setItem(
      'furfes.timetable.starred',
      JSON.stringify(['parade', 'dj-set', 'group-photo']),
    )
    const first = renderApp('/en/timetable', { timetable: before, now })
    await waitFor(() => expect(seen()?.version).toBe(3))
    first.unmount()

    const { recorded } = renderApp('/en/timetable', { timetable: after, now })
    const alert = await screen.findByRole('alert')
    expect(screen.getByRole('region', { name: 'Changes to your starred sessions' })).toBeTruthy()
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Fursuit parade: the time is now 11:00–12:00 (was 10:30–11:30).',
      'Group photo: now at Club area (was Main hall).',
      'DJ set is cancelled.',
    ])
    expect(seen()?.version).toBe(3)

    fireEvent.click(screen.getByRole('button', { name: 'Got it' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(seen()?.version).toBe(4)
    expect(recorded.reportedErrors).toEqual([])
  })

  it('compares from the version shown when the first session is starred, not from an older one kept here', async () => {
    // Kept from a visit before this browser starred anything.
    window.localStorage.setItem('furfes.timetable.seen', JSON.stringify(before))
    const first = renderApp('/en/timetable', { timetable: after, now })
    fireEvent.click(await screen.findByRole('button', { name: 'Star: Fursuit parade' }))
    expect(seen()?.version).toBe(4)
    first.unmount()

    // Version 5 moves the parade again: only that move is news to this visitor.
    const later: PublishedTimetable = {
      ...after,
      version: 5,
      sessions: after.sessions.map((session) =>
        session.id === 'parade' ? { ...session, startsAt: at('11:30'), endsAt: at('12:30') } : session,
      ),
    }
    const { recorded } = renderApp('/en/timetable', { timetable: later, now })
    const alert = await screen.findByRole('alert')
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Fursuit parade: the time is now 11:30–12:30 (was 11:00–12:00).',
    ])
    expect(recorded.reportedErrors).toEqual([])
  })

  it('says nothing of changes to sessions nobody starred here, in Japanese too', async () => {
    window.localStorage.setItem('furfes.timetable.starred', JSON.stringify(['opening']))
    window.localStorage.setItem('furfes.timetable.seen', JSON.stringify(before))
    renderApp('/ja/timetable', { timetable: after, now })
    await screen.findByRole('heading', { name: 'プログラム' })
    await waitFor(() => expect(seen()?.version).toBe(4))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('notification settings', () => {
  it('says when the browser cannot receive notifications, once the settings are opened', async () => {
    renderApp('/en/timetable', { timetable: after, now })
    const open = await screen.findByRole('button', { name: 'Notification settings' })
    expect(open.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('group', { name: 'Notifications on this device' })).toBeNull()
    fireEvent.click(open)
    expect(open.getAttribute('aria-expanded')).toBe('true')
    expect(
      await screen.findByText(
        'This browser cannot receive notifications from the site. The changes still show on this page.',
      ),
    ).toBeTruthy()
  })

  it('asks permission only when the button is pressed, then registers the subscription with the starred sessions', async () => {
    window.localStorage.setItem('furfes.timetable.starred', JSON.stringify(['parade']))
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission)
    vi.stubGlobal('Notification', { requestPermission })
    vi.stubGlobal('PushManager', class {})
    const subscribe = vi.fn(async () => ({
      toJSON: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: 'BP', auth: 'au' },
      }),
    }))
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) },
    })
    const calls: { method: string; url: string; body: unknown }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET'
        calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined })
        if (String(url).endsWith('config.json')) return Response.json({ apiUrl: 'https://api.furfes.test' })
        if (String(url).endsWith('/push/vapid-public-key')) return Response.json({ public_key: 'BKey' })
        return Response.json(
          { id: '3c2b1a00-0000-4000-8000-000000000000' },
          { status: method === 'POST' ? 201 : 200 },
        )
      }),
    )
    renderApp('/en/timetable', { timetable: after, now })
    fireEvent.click(await screen.findByRole('button', { name: 'Notification settings' }))
    const enable = await screen.findByRole('button', { name: 'Turn on notifications' })
    fireEvent.click(screen.getByLabelText('A reminder 10 minutes before my starred sessions'))
    expect(requestPermission).not.toHaveBeenCalled()

    fireEvent.click(enable)
    await screen.findByText('Notifications are on for this device.')
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'BKey' })
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: 'https://api.furfes.test/push/subscriptions',
      body: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: 'BP', auth: 'au' },
        language: 'en',
        categories: ['announcements', 'changes'],
        starred: ['parade'],
      },
    })

    // Starring another session tells the API.
    fireEvent.click(screen.getByRole('button', { name: 'Star: Closing ceremony' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1))
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: 'https://api.furfes.test/push/subscriptions/3c2b1a00-0000-4000-8000-000000000000',
      body: { language: 'en', categories: ['announcements', 'changes'], starred: ['closing', 'parade'] },
    })
  })

  it('explains a refused permission', async () => {
    vi.stubGlobal('Notification', { requestPermission: async () => 'denied' })
    vi.stubGlobal('PushManager', class {})
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: new Promise(() => {}) },
    })
    renderApp('/en/timetable', { timetable: after, now })
    fireEvent.click(await screen.findByRole('button', { name: 'Notification settings' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.',
    )
  })

  it('shows the settings at once when notifications are already on here, in Japanese too', async () => {
    window.localStorage.setItem(
      'furfes.push.subscription',
      JSON.stringify({ id: '3c2b1a00-0000-4000-8000-000000000000', categories: ['announcements'] }),
    )
    vi.stubGlobal('Notification', { requestPermission: async () => 'granted' })
    vi.stubGlobal('PushManager', class {})
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: new Promise(() => {}) },
    })
    const { recorded } = renderApp('/ja/timetable', { timetable: after, now })
    expect(await screen.findByText('この端末への通知はオンです。')).toBeTruthy()
    expect(screen.getByRole('button', { name: '通知の設定' }).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('button', { name: '通知をオフにする' })).toBeTruthy()
    expect(recorded.reportedErrors).toEqual([])
  })
})

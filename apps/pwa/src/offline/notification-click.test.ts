import { describe, expect, it } from 'vitest'
import {
  notificationUrl,
  openNotificationPage,
  type SiteWindow,
  type SiteWindows,
} from './notification-click.ts'

/*
 * The service worker's notificationclick handler (docs/decisions/176): the notification's page, in the site's
 * open window (focused) or a new one; never an address off the site.
 */

const origin = 'https://furfes.example'

interface Recorded {
  calls: string[]
}

function siteWindow(url: string, recorded: Recorded): SiteWindow {
  return {
    url,
    focus: async () => recorded.calls.push(`focus ${url}`),
    navigate: async (to) => recorded.calls.push(`navigate ${url} -> ${to}`),
  }
}

function windowsOf(urls: string[]): { clients: SiteWindows; recorded: Recorded } {
  const recorded: Recorded = { calls: [] }
  const clients: SiteWindows = {
    matchAll: async (options) => {
      expect(options).toEqual({ type: 'window', includeUncontrolled: true })
      return urls.map((url) => siteWindow(url, recorded))
    },
    openWindow: async (url) => recorded.calls.push(`open ${url}`),
  }
  return { clients, recorded }
}

describe('notificationclick', () => {
  it("focuses the site's open window and takes it to the notification's page", async () => {
    const { clients, recorded } = windowsOf(['https://elsewhere.example/', `${origin}/ja/faq`])
    await openNotificationPage({ path: '/ja/timetable#session-parade' }, clients, origin)
    expect(recorded.calls).toEqual([
      `focus ${origin}/ja/faq`,
      `navigate ${origin}/ja/faq -> ${origin}/ja/timetable#session-parade`,
    ])
  })

  it('opens a new window on the page when no window of the site is open', async () => {
    const { clients, recorded } = windowsOf(['https://elsewhere.example/'])
    await openNotificationPage({ path: '/en/timetable' }, clients, origin)
    expect(recorded.calls).toEqual([`open ${origin}/en/timetable`])
  })

  it("opens the site's root for a notification naming no page, or one off the site", () => {
    expect(notificationUrl(null, origin)).toBe(`${origin}/`)
    expect(notificationUrl({ path: 42 }, origin)).toBe(`${origin}/`)
    expect(notificationUrl({ path: 'https://evil.example/' }, origin)).toBe(`${origin}/`)
    expect(notificationUrl({ path: '//evil.example/phish' }, origin)).toBe(`${origin}/`)
    expect(notificationUrl({ path: '/ja' }, origin)).toBe(`${origin}/ja`)
  })
})

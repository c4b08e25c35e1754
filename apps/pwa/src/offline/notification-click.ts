/*
 * What the service worker does when a notification is clicked (docs/decisions/176): it opens the page the push
 * named, in a window of the site already open if there is one (focused and moved there), else in a new window.
 * Kept apart from service-worker/sw.ts, whose module registers Workbox's routes as it loads, so a test can drive it
 * with stand-ins for the worker's clients.
 */

/** The part of a `WindowClient` the click needs. */
export interface SiteWindow {
  readonly url: string
  focus(): Promise<unknown>
  navigate(url: string): Promise<unknown>
}

/** The part of the worker's `Clients` the click needs. */
export interface SiteWindows {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly SiteWindow[]>
  openWindow(url: string): Promise<unknown>
}

/**
 * The address a notification opens: its page on the site's own origin; the site's root when it names none, or
 * names one elsewhere (a notification never sends the reader off the site).
 */
export function notificationUrl(data: unknown, origin: string): string {
  const path = (data as { path?: unknown } | null)?.path
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', origin)
  return url.origin === origin ? url.href : new URL('/', origin).href
}

export async function openNotificationPage(data: unknown, clients: SiteWindows, origin: string) {
  const url = notificationUrl(data, origin)
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((window) => new URL(window.url).origin === origin)
  if (open) {
    await open.focus()
    await open.navigate(url)
    return
  }
  await clients.openWindow(url)
}

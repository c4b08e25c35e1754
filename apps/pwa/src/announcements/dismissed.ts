/*
 * The urgent announcements a visitor closed, by id, on this device only (docs/decisions/173-announcements.md): a
 * closed banner stays closed on every page and visit, and a new announcement shows again.
 */

const key = 'furfes.announcements.dismissed'
/** Enough for every urgent announcement of an edition; the oldest are forgotten first. */
const kept = 50

export function dismissedAnnouncements(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
  } catch (error) {
    // Storage refused (private mode) or a value another version wrote: the banners show again.
    console.warn('Could not read the dismissed announcements', error)
    return []
  }
}

export function dismissAnnouncement(id: string): void {
  try {
    const ids = [...dismissedAnnouncements().filter((other) => other !== id), id].slice(-kept)
    localStorage.setItem(key, JSON.stringify(ids))
  } catch (error) {
    console.warn('Could not remember the dismissed announcement', error)
  }
}

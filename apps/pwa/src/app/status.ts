/**
 * Navigation state the app sets when it sends the reader to a status page. A status page reached without it
 * (typed, bookmarked, shared) sends the reader to the top page instead (docs/requirements.md STAT-3).
 */
export const statusNavigationState = { sentBy: 'app' } as const

export function isStatusNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { sentBy?: unknown }).sentBy === 'app'
}

/**
 * Navigation state the sign-out page sets when it returns to the top page; the top page then reloads the
 * whole app so nothing of the signed-in session survives in memory (docs/requirements.md SITE-5).
 */
export const signedOutNavigationState = { from: 'sign-out' } as const

export function isSignedOutNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { from?: unknown }).from === 'sign-out'
}

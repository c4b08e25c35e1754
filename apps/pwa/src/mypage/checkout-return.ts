import type { Language } from '@furfes/core'
import { localizedPath } from '../language.ts'

/** The query key that makes the dashboard reload the user context (docs/requirements.md MY-8). */
export const refreshQueryKey = 'refresh'

/**
 * Where Checkout sends the member back, for registering and for a waiting-list offer alike: the dashboard once
 * paid, the registration page when they turn back (an add-on, decision 178, turns back to the dashboard it was
 * bought from); both reload the user context on arrival.
 */
export function checkoutReturnUrls(
  language: Language,
  pwaUrl: string,
  cancelPath: 'mypage/registration' | 'mypage/dashboard' = 'mypage/registration',
) {
  const url = (path: string) =>
    new URL(`${localizedPath(language, path)}?${refreshQueryKey}=true`, pwaUrl).href
  return { successUrl: url('mypage/dashboard'), cancelUrl: url(cancelPath) }
}

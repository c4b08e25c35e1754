import { createMemberApiClient } from '@furfes/core'

/** The API client without a signed-in user: only the public calls can succeed with it. */
export function createPublicApi(apiUrl: string) {
  return createMemberApiClient({ baseUrl: apiUrl, getAuthInfo: () => null })
}

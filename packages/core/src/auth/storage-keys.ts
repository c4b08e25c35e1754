/**
 * Where a session keeps its auth info and, separately, its refresh token (docs/requirements.md STO-1). A module of
 * its own: the site's first load asks whether a member is signed in without loading the session code.
 */
export interface AuthStorageKeys {
  authInfo: 'authInfo' | 'adminAuthInfo'
  refreshToken: 'authInfoRefreshToken' | 'adminAuthInfoRefreshToken'
}

export const memberAuthStorageKeys = {
  authInfo: 'authInfo',
  refreshToken: 'authInfoRefreshToken',
} as const satisfies AuthStorageKeys

export const adminAuthStorageKeys = {
  authInfo: 'adminAuthInfo',
  refreshToken: 'adminAuthInfoRefreshToken',
} as const satisfies AuthStorageKeys

import { type AuthInfo, type StaffAction, type StaffRole, staffMay, staffRolesOf } from '@furfes/core'
import { decodeJwt } from 'jose'
import { createContext, type ReactNode, useContext, useMemo } from 'react'

/** What the signed-in staff member may do: their roles and a check per action (decision 156). */
export interface StaffAccess {
  roles: StaffRole[]
  may(action: StaffAction): boolean
}

/**
 * The roles a staff access token carries (`cognito:groups`). The screens show only what the roles allow; the
 * API decides, so a token read here is never trusted for more than what to show.
 */
function staffAccessOf(authInfo: Pick<AuthInfo, 'accessToken'>): StaffAccess {
  const groups = decodeJwt(authInfo.accessToken)['cognito:groups']
  const list = Array.isArray(groups) ? groups : []
  return { roles: staffRolesOf(list), may: (action) => staffMay(list, action) }
}

const StaffAccessContext = createContext<StaffAccess | undefined>(undefined)

/** Gives the screens under the admin gate the signed-in staff member's access. */
export function StaffAccessProvider(props: { authInfo: AuthInfo; children: ReactNode }) {
  const { accessToken } = props.authInfo
  const access = useMemo(() => staffAccessOf({ accessToken }), [accessToken])
  return <StaffAccessContext value={access}>{props.children}</StaffAccessContext>
}

/** The signed-in staff member's access; only under the admin gate, where someone is signed in. */
export function useStaffAccess(): StaffAccess {
  const access = useContext(StaffAccessContext)
  if (!access) throw new Error('useStaffAccess is used outside the admin gate')
  return access
}

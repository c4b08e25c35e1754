import type { authMachine, FeatureFlags } from '@furfes/core'
import { createContext, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { AccountServices } from '../account/account-services.ts'

export interface MyPageContextValue {
  account: AccountServices
  /** Core's auth machine, signed in: password change, e-mail change and its verification. */
  auth: ActorRefFrom<typeof authMachine>
  flags: FeatureFlags
  /** Sends the user to sign in when an error means the session is gone; says whether it did. */
  handleSessionError(error: unknown): boolean
}

export const MyPageContext = createContext<MyPageContextValue | null>(null)

export function useMyPage(): MyPageContextValue {
  const value = useContext(MyPageContext)
  if (!value) throw new Error('useMyPage must be used inside My Page')
  return value
}

import { emailSchema } from '@furfes/core'
import { useLocation, useSearchParams } from 'react-router'

/** The `email` query key, when it holds an e-mail address (verify-sign-up, reset-password, sign-in…). */
export function useEmailQuery(): string | undefined {
  const [params] = useSearchParams()
  const parsed = emailSchema.safeParse(params.get('email') ?? '')
  return parsed.success ? parsed.data : undefined
}

/** Navigation state the account pages pass each other. */
export interface AccountNavigationState {
  /** verify-sign-up sends it to sign-up-verified, the only way there (docs/requirements.md ACC-3). */
  from?: 'verify-sign-up'
  /** Why sign-in is shown: My Page's session expired (docs/requirements.md MY-5). */
  reason?: 'session-expired'
  notice?: 'password-reset' | 'verification-required'
  /** The My Page address to return to after signing in. */
  returnTo?: string
}

export function useAccountNavigationState(): AccountNavigationState {
  const { state } = useLocation()
  return typeof state === 'object' && state !== null ? (state as AccountNavigationState) : {}
}

/** `/ja/sign-in?email=a%40b.c`. */
export function withEmail(path: string, email: string | undefined): string {
  return email ? `${path}?${new URLSearchParams({ email })}` : path
}

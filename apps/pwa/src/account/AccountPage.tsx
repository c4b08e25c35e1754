import { type ComponentType, Suspense } from 'react'
import { lazyWithRetry } from '../app/load-failure.ts'
import type { AccountPath } from './account-routes.ts'

const pages: Record<AccountPath, ComponentType> = {
  'sign-in': lazyWithRetry(() => import('./pages/SignInPage.tsx')),
  'sign-up': lazyWithRetry(() => import('./pages/SignUpPage.tsx')),
  'verify-sign-up': lazyWithRetry(() => import('./pages/VerifySignUpPage.tsx')),
  'sign-up-verified': lazyWithRetry(() => import('./pages/SignUpVerifiedPage.tsx')),
  'send-password-reset-code': lazyWithRetry(() => import('./pages/SendPasswordResetCodePage.tsx')),
  'reset-password': lazyWithRetry(() => import('./pages/ResetPasswordPage.tsx')),
  'sign-out': lazyWithRetry(() => import('./pages/SignOutPage.tsx')),
  'cancel-registration': lazyWithRetry(() => import('./pages/CancelRegistrationPage.tsx')),
  'payment-checkout': lazyWithRetry(() => import('./pages/PaymentCheckoutPage.tsx')),
}

/** The page of an account route, loaded on first visit. */
export default function AccountPage({ path }: { path: AccountPath }) {
  const Page = pages[path]
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  )
}

import { type ComponentType, lazy, Suspense } from 'react'
import type { AccountPath } from './account-routes.ts'

const pages: Record<AccountPath, ComponentType> = {
  'sign-in': lazy(() => import('./pages/SignInPage.tsx')),
  'sign-up': lazy(() => import('./pages/SignUpPage.tsx')),
  'verify-sign-up': lazy(() => import('./pages/VerifySignUpPage.tsx')),
  'sign-up-verified': lazy(() => import('./pages/SignUpVerifiedPage.tsx')),
  'send-password-reset-code': lazy(() => import('./pages/SendPasswordResetCodePage.tsx')),
  'reset-password': lazy(() => import('./pages/ResetPasswordPage.tsx')),
  'sign-out': lazy(() => import('./pages/SignOutPage.tsx')),
  'cancel-registration': lazy(() => import('./pages/CancelRegistrationPage.tsx')),
  'payment-checkout': lazy(() => import('./pages/PaymentCheckoutPage.tsx')),
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

import type { ComponentType } from 'react'

/**
 * The account routes of spec section 2, each under /:lang with the site's navigation. Every page loads
 * lazily, and with it the account code (the Cognito client, whose SDK loads on its first call), so the
 * public pages never download any of it.
 */
export const accountRoutes: readonly { path: string; load: () => Promise<{ default: ComponentType }> }[] = [
  { path: 'sign-in', load: () => import('./pages/SignInPage.tsx') },
  { path: 'sign-up', load: () => import('./pages/SignUpPage.tsx') },
  { path: 'verify-sign-up', load: () => import('./pages/VerifySignUpPage.tsx') },
  { path: 'sign-up-verified', load: () => import('./pages/SignUpVerifiedPage.tsx') },
  { path: 'send-password-reset-code', load: () => import('./pages/SendPasswordResetCodePage.tsx') },
  { path: 'reset-password', load: () => import('./pages/ResetPasswordPage.tsx') },
  { path: 'sign-out', load: () => import('./pages/SignOutPage.tsx') },
  { path: 'cancel-registration', load: () => import('./pages/CancelRegistrationPage.tsx') },
  { path: 'payment-checkout', load: () => import('./pages/PaymentCheckoutPage.tsx') },
]

/**
 * The account routes (docs/requirements.md SITE-9 and ACC-1 to ACC-4), each under /:lang with the site's navigation. The route table only
 * knows their paths: one lazily loaded module (`AccountPage.tsx`) brings the pages, and with them the account
 * code, so the public pages never download any of it and the first load carries one import, not nine.
 */
export const accountPaths = [
  'sign-in',
  'sign-up',
  'verify-sign-up',
  'sign-up-verified',
  'send-password-reset-code',
  'reset-password',
  'sign-out',
  'cancel-registration',
  'payment-checkout',
] as const
export type AccountPath = (typeof accountPaths)[number]

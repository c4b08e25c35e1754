import type { Page } from '@playwright/test'
import { globalSignOut } from '../support/accounts.ts'
import { blockingViolations } from '../support/axe.ts'
import { expect, test } from '../support/fixtures.ts'
import {
  agreeToRules,
  freshEmail,
  mailedCode,
  notFoundAnswers,
  password,
  payOnCheckoutPage,
  signUpAndSignIn,
  waitForFreshDocument,
} from '../support/mypage.ts'
import { e2ePorts } from '../support/stack.ts'

test.beforeEach(({ expectConsoleError }) => {
  expectConsoleError(notFoundAnswers)
})

async function registerForMember(page: Page) {
  await page.goto('/ja/mypage/registration')
  await page.getByRole('radio', { name: /^一般参加/ }).check()
  await page.getByLabel(/^バッジ名/).fill('ケモ次郎')
  await agreeToRules(page)
  await page.getByRole('button', { name: 'お支払いへ進む' }).click()
  await expect(page).toHaveURL(new RegExp(`localhost:${e2ePorts.STRIPE_PORT}/`))
}

test('My Page and account pages have no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(120_000)
  for (const path of ['sign-in', 'sign-up', 'send-password-reset-code', 'cancel-registration']) {
    await page.goto(`/ja/${path}`)
    await expect(page.getByRole('button').or(page.getByRole('link')).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await blockingViolations(page), path).toEqual([])
  }
  await signUpAndSignIn(page, 'ja', freshEmail('axe'))
  for (const path of ['dashboard', 'account', 'profile', 'registration', 'registration-additional-info']) {
    await page.goto(`/ja/mypage/${path}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await blockingViolations(page), path).toEqual([])
  }
  await page.goto('/ja/mypage/registration')
  await page
    .getByRole('radio', { name: /^スポンサー参加/ })
    .first()
    .check()
  await page.getByRole('button', { name: 'お支払いへ進む' }).click()
  await expect(page.getByText('Tシャツのサイズを選択してください。')).toBeVisible()
  expect(await blockingViolations(page), 'registration with errors').toEqual([])
})

test('a declined card keeps the registration pending; it can then be cancelled', async ({
  page,
  expectConsoleError,
}) => {
  test.setTimeout(120_000)
  // The checkout page answers a declined card with 402, as Stripe does.
  expectConsoleError(/status of 402/)
  await signUpAndSignIn(page, 'ja', freshEmail('declined'))
  await registerForMember(page)
  await payOnCheckoutPage(page, '4000 0000 0000 0002')
  await expect(page.getByText(/カードが拒否されました|Your card was declined/).first()).toBeVisible()
  await page.goto('/ja/mypage/registration')
  await expect(page.getByRole('heading', { name: 'お支払い待ち' })).toBeVisible()
  await expect(page.getByText(/残り約\d+分/)).toBeVisible()
  await page.getByRole('button', { name: '申し込みを取り消す' }).click()
  await page
    .getByRole('dialog', { name: '申し込みを取り消しますか？' })
    .getByRole('button', { name: '取り消す' })
    .click()
  await expect(page.getByText('前回の申し込みは取り消されました。もう一度参加登録できます。')).toBeVisible()
  await page.goto('/ja/mypage/dashboard')
  await expect(page.getByText('キャンセル済み', { exact: true })).toBeVisible()
})

test('a revoked refresh token sends the user to sign-in with the session-expired message', async ({
  page,
  expectConsoleError,
}) => {
  // Cognito answers the refused refresh token with 400 NotAuthorizedException.
  expectConsoleError(/status of 400/)
  await signUpAndSignIn(page, 'ja', freshEmail('revoked'))
  const stored = await page.evaluate(() => window.localStorage.getItem('authInfo'))
  const { value } = JSON.parse(stored ?? '{}') as { value: { accessToken: string } }
  // Signed out everywhere from another device: Cognito refuses every token of the user from now on.
  await globalSignOut(value.accessToken)
  await page.goto('/ja/mypage/profile')
  await expect(page).toHaveURL(/\/ja\/sign-in$/)
  await expect(
    page.getByText('マイページのセッションの有効期限が切れました。再度サインインしてください。'),
  ).toBeVisible()
})

test('the password reset journey', async ({ page, expectConsoleError }) => {
  // Cognito answers the old password with 400 NotAuthorizedException.
  expectConsoleError(/status of 400/)
  const email = freshEmail('reset')
  await signUpAndSignIn(page, 'ja', email)
  // Signing out ends in a full reload of the top page; the next address waits until that has happened.
  await page.goto('/ja/sign-out')
  await waitForFreshDocument(page, '/ja')
  await expect(page).toHaveURL(/\/ja$/)
  await page.goto(`/ja/send-password-reset-code?email=${encodeURIComponent(email)}`)
  await page.getByRole('button', { name: '確認コードを送信する' }).click()
  await expect(page).toHaveURL(/\/ja\/reset-password\?email=/)
  await page.getByLabel(/^確認コード/).fill(await mailedCode(email, ['forgot_password']))
  await page.getByLabel(/^新しいパスワード/).fill('brand-new-pass-9')
  await page.getByRole('button', { name: 'パスワードを再設定する' }).click()
  await expect(page).toHaveURL(/\/ja\/sign-in\?email=/)
  await expect(
    page.getByText('パスワードを再設定しました。新しいパスワードでサインインしてください。'),
  ).toBeVisible()
  await page.getByLabel(/^パスワード/).fill(password)
  await page.getByRole('button', { name: 'サインイン', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません。')
  await page.getByLabel(/^パスワード/).fill('brand-new-pass-9')
  await page.getByRole('button', { name: 'サインイン', exact: true }).click()
  await expect(page).toHaveURL(/\/ja\/mypage\/dashboard$/)
})

test('the e-mail change journey, and a password change that must differ', async ({ page }) => {
  const email = freshEmail('change')
  const next = freshEmail('changed')
  await signUpAndSignIn(page, 'ja', email)
  await page.goto('/ja/mypage/account')
  await page.getByLabel(/^現在のパスワード/).fill(password)
  await page.getByLabel(/^新しいパスワード/).fill(password)
  await expect(page.getByText('新しいパスワードが現在のパスワードと同じです。')).toBeVisible()
  await page.getByLabel(/^新しいメールアドレス/).fill(next)
  await page.getByRole('button', { name: '確認コードを送信する' }).click()
  await expect(page).toHaveURL(/\/ja\/mypage\/email-change-verification$/)
  await page.getByLabel(/^確認コード/).fill(await mailedCode(next, ['verify_email']))
  await page.getByRole('button', { name: '確認する' }).click()
  await expect(page).toHaveURL(/\/ja\/mypage\/account$/)
  await expect(page.getByText('メールアドレスを変更しました。')).toBeVisible()
  await expect(page.getByText(`${next}（確認済み）`)).toBeVisible()
})

import { expect, test } from '../../support/fixtures.ts'
import { freshEmail, notFoundAnswers, password, signUpAndSignIn } from '../../support/mypage.ts'
import { e2ePorts } from '../../support/stack.ts'

// A login session that ran out forces signing in again (docs/requirements.md MY-7; a refresh
// token expires with Cognito's 'Refresh Token has expired'). The Cognito emulator's clock is moved past the
// refresh token's 30 days, which every other test would see too: hence it runs alone, last, in the cognito-clock
// project (docs/decisions/210-tests-that-wait-run-beside-the-exclusive-ones.md), and the clock is put back
// afterwards.
const clockUrl = `http://localhost:${e2ePorts.COGNITO_PORT}/_emulator/clock`
const day = 24 * 60 * 60 * 1000

async function setCognitoClock(offsetMs: number) {
  const response = await fetch(clockUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  })
  expect(response.status, await response.text()).toBe(200)
}

test.afterEach(async () => {
  await setCognitoClock(0)
})

test('a login session past its 30 days sends the user to sign-in with the session-expired message', async ({
  page,
  expectConsoleError,
}) => {
  // Cognito answers the expired refresh token with 400 NotAuthorizedException.
  expectConsoleError(/status of 400/)
  // A new member has no profile yet: the API answers 404 for it.
  expectConsoleError(notFoundAnswers)
  const email = freshEmail('expired-session')
  await signUpAndSignIn(page, 'ja', email)
  await setCognitoClock(31 * day)
  // Coming back to My Page a month later.
  await page.goto('/ja/mypage/profile')
  await expect(page).toHaveURL(/\/ja\/sign-in$/)
  await expect(
    page.getByText('マイページのセッションの有効期限が切れました。再度サインインしてください。'),
  ).toBeVisible()
  // A month later by the clock, signing in again starts a new session and returns to the page asked for.
  await setCognitoClock(0)
  await page.getByLabel(/^メールアドレス/).fill(email)
  await page.getByLabel(/^パスワード/).fill(password)
  await page.getByRole('button', { name: 'サインイン', exact: true }).click()
  await expect(page).toHaveURL(/\/ja\/mypage\/profile$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('プロフィール')
  // The page asked the API for the profile with the new session, and offers to create one.
  await expect(page.getByRole('button', { name: 'プロフィールを作成する' })).toBeVisible()
})

import { accessToken, callApi, createMember, demoAdmin } from '../../support/accounts.ts'
import { expect, test } from '../../support/fixtures.ts'
import { freshEmail, notFoundAnswers, signUpAndSignIn } from '../../support/mypage.ts'
import { signInPaidParticipantForOffline } from '../../support/offline.ts'
import { cancelUrl, successUrl } from '../../support/payment.ts'

// My Page under the site-wide switches, set for real through the admin API: registration switched off,
// maintenance on, and a tier sold out. They change what every other test would see, so they run in the
// exclusive project, one at a time, and put everything back afterwards. The e2e stack gives the
// sponsor_fursuiter tier one spot (TIER_CAPACITIES in playwright.config.ts) so one registration sells it out.

interface Features {
  is_new_club_activity_establishment_available: boolean
  is_registration_available: boolean
  is_under_maintenance: boolean
}

let adminToken: string
let initialFeatures: Features

async function setFeatures(change: Partial<Features>) {
  const features = { ...initialFeatures, ...change }
  const answer = await callApi('PUT', '/admin/features', adminToken, features)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  // Every API instance trusts its cached flags for about a second.
  await expect
    .poll(async () => (await callApi<Features>('GET', '/features', adminToken)).body)
    .toEqual(features)
}

test.beforeAll(async () => {
  const admin = demoAdmin()
  adminToken = await accessToken('admins', admin.email, admin.password)
  initialFeatures = (await callApi<Features>('GET', '/features', adminToken)).body
})

test.afterEach(async () => {
  await setFeatures({})
})

test.beforeEach(({ expectConsoleError }) => {
  expectConsoleError(notFoundAnswers)
})

test('with registration switched off, the registration page goes to the dashboard, which says so', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'ja', freshEmail('closed'))
  await setFeatures({ is_registration_available: false })
  await page.goto('/ja/mypage/registration')
  await expect(page).toHaveURL(/\/ja\/mypage\/dashboard$/)
  // The dashboard's phase sentence (decision 160) names the pause, beside the registration section.
  await expect(page.getByText('参加登録の受け付けは現在停止しています。').first()).toBeVisible()
})

test('with maintenance on, My Page shows the maintenance page, which leads to the code saved on the phone', async ({
  page,
  browser,
  expectConsoleError,
}) => {
  test.setTimeout(120_000)
  // A paid participant who opened the code once, so the phone keeps it.
  await signInPaidParticipantForOffline(page, browser, 'Maintenance Fox')
  await page.goto('/en/registration-code')
  await expect(page.getByTestId('registration-code-qr')).toBeVisible()
  await setFeatures({ is_under_maintenance: true })
  // Member endpoints answer 503 with the maintenance message while it is on.
  expectConsoleError(/the server responded with a status of 503/)
  await page.goto('/ja/mypage/dashboard')
  await expect(page).toHaveURL(/\/ja\/maintenance$/)
  await expect(
    page.getByText('ただいまメンテナンス中です。大変恐れ入りますが、しばらくお待ちください。'),
  ).toBeVisible()
  // The door works offline: maintenance must not hide the code.
  await page.getByRole('link', { name: '受付コードを表示' }).click()
  await expect(page).toHaveURL(/\/ja\/registration-code$/)
  await expect(page.getByTestId('registration-code-qr').getByRole('img')).toBeVisible()
  await expect(page.getByText('Maintenance Fox')).toBeVisible()
  await expect(
    page.getByText('メンテナンス中のため、この端末に保存した受付コードを表示しています。', { exact: false }),
  ).toBeVisible()
})

test('a sold-out tier cannot be chosen, and comes back when its spot is given back', async ({ page }) => {
  await signUpAndSignIn(page, 'ja', freshEmail('soldout'))
  const holder = await createMember()
  const taken = await callApi('POST', '/registration', holder.accessToken, {
    registration_tier: 'sponsor_fursuiter',
    badge_name: 'Spot Holder',
    t_shirt_size: 'M',
    changing_room_type: 'female',
    agreed_to_rules: true,
    success_url: successUrl,
    cancel_url: cancelUrl,
  })
  expect(taken.status, JSON.stringify(taken.body)).toBe(201)
  try {
    await page.goto('/ja/mypage/registration')
    await expect(page.getByRole('radio', { name: /^着ぐるみスポンサー参加.*売り切れ/ })).toBeDisabled()
    await expect(page.getByRole('radio', { name: /^一般参加.*受付中/ })).toBeEnabled()
  } finally {
    expect((await callApi('DELETE', '/registration', holder.accessToken)).status).toBe(200)
  }
  await page.reload()
  await expect(page.getByRole('radio', { name: /^着ぐるみスポンサー参加.*受付中/ })).toBeEnabled()
})

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ApiProcess, startApiProcess } from '../../apps/api/bench/processes.ts'
import { createMember } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { agreeToRules, freshEmail, notFoundAnswers, signUpAndSignIn } from '../support/mypage.ts'
import { stripeEventsOf, stripeUrl } from '../support/payment.ts'
import { answerRewritten } from '../support/routes.ts'
import { e2ePorts } from '../support/stack.ts'

/*
 * A registration whose checkout session runs out (docs/decisions/049, docs/requirements.md REG-23). The shared stack's API holds a spot
 * for 31 minutes, so this test starts a second API of its own with the shortest hold the API accepts (60 s)
 * and one member spot, on its own PGlite folder, with the stack's Cognito and Stripe emulators. The browser is
 * pointed at it by answering /config.json with that API's address; everything else is the running stack.
 * Sharing none of what the exclusive tests switch, it waits out its hold beside them, in the own-api project
 * (docs/decisions/210-tests-that-wait-run-beside-the-exclusive-ones.md).
 */

const holdSeconds = 60

/** The environment `npm start` gives every service (scripts/services.mjs), as the e2e stack computes it. */
interface StackServices {
  servicePorts(env: Record<string, string | undefined>): unknown
  sharedEnv(ports: unknown, env: Record<string, string | undefined>): Record<string, string>
}

let api: ApiProcess | undefined
let dataDir: string | undefined

test.beforeAll(async () => {
  test.setTimeout(90_000)
  dataDir = await mkdtemp(join(tmpdir(), 'furfes-e2e-expiry-'))
  // A plain script without types: loaded by address, described by StackServices.
  const { servicePorts, sharedEnv } = (await import(
    new URL('../../scripts/services.mjs', import.meta.url).href
  )) as StackServices
  api = await startApiProcess({
    ...sharedEnv(servicePorts(e2ePorts), { ...process.env, DATA_DIR: dataDir }),
    CHECKOUT_SESSION_SECONDS: String(holdSeconds),
    // One member spot: the pending registration sells the tier out until its hold runs out.
    TIER_CAPACITIES: 'member=1',
    EXPIRY_SWEEP_INTERVAL_SECONDS: '1',
    LOG_LEVEL: 'warn',
  })
})

test.afterAll(async () => {
  await api?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

// The PWA's service worker would fetch /config.json itself, out of page.route's reach.
test.use({ serviceWorkers: 'block' })
// The served Content-Security-Policy lets pages connect to the API of the stack's config.json only (decision
// 093), and this test swaps that config for its own API. Rewriting the pages' header to match is no way out:
// Chromium then treats the rewritten page as outside the loopback address space and refuses its calls to the
// local Cognito emulator. The policy itself is tested in security-headers.spec.ts, My Page included.
test.use({ bypassCSP: true })

/** The member tier's availability on the test's API, as another signed-in member sees it. */
async function memberStatus(apiUrl: string, accessToken: string): Promise<string | undefined> {
  const response = await fetch(`${apiUrl}/inventory`, { headers: { Authorization: `Bearer ${accessToken}` } })
  expect(response.status).toBe(200)
  const { items } = (await response.json()) as { items: { registration_tier: string; status: string }[] }
  return items.find((item) => item.registration_tier === 'member')?.status
}

const sessionIdOf = (paymentUrl: string) => new URL(paymentUrl).pathname.split('/').at(-1) ?? ''

test('an unpaid checkout times out, gives its spot back, and the member registers again', async ({
  page,
  expectConsoleError,
}) => {
  test.setTimeout(240_000)
  expectConsoleError(notFoundAnswers)
  const apiUrl = api?.url ?? ''
  const { accessToken } = await createMember()
  const memberTier = () => memberStatus(apiUrl, accessToken)
  await page.route('**/config.json', (route) =>
    answerRewritten<Record<string, unknown>>(route, (config) => ({ ...config, apiUrl })),
  )
  await signUpAndSignIn(page, 'ja', freshEmail('expiry'))
  expect(await memberTier()).toBe('available')

  await page.goto('/ja/mypage/registration')
  await page.getByRole('radio', { name: /^一般参加.*受付中/ }).check()
  await page.getByLabel(/^バッジ名/).fill('ケモ三郎')
  await agreeToRules(page)
  await page.getByRole('button', { name: 'お支払いへ進む' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/c/pay/cs_test_`))
  const firstSession = sessionIdOf(page.url())
  expect(await memberTier()).toBe('sold_out')

  // Back on My Page without paying: pending, with the time left.
  await page.goto('/ja/mypage/registration')
  await expect(page.getByRole('heading', { name: 'お支払い待ち' })).toBeVisible()
  await expect(page.getByText(/お支払いの期限: .*（残り約1分）/)).toBeVisible()
  await expect(page.getByRole('button', { name: '申し込みを取り消す' })).toBeVisible()

  // The page turns by itself when the hold runs out: nobody reloads it.
  await expect(page.getByText('購入手続きの有効期限が切れました。もう一度登録してください。')).toBeVisible({
    timeout: (holdSeconds + 30) * 1000,
  })
  await expect(page.getByRole('heading', { name: 'お支払い待ち' })).toHaveCount(0)
  // The spot went back: the tier is open again, in the API and on the page, and the API ended the session.
  await expect.poll(memberTier).toBe('available')
  await expect(page.getByRole('radio', { name: /^一般参加.*受付中/ })).toBeEnabled()
  await expect
    .poll(async () => (await stripeEventsOf(firstSession)).map((event) => event.type))
    .toContain('checkout.session.expired')

  await page.getByRole('radio', { name: /^一般参加/ }).check()
  await expect(page.getByLabel(/^バッジ名/)).toHaveValue('ケモ三郎')
  await agreeToRules(page)
  await page.getByRole('button', { name: 'もう一度参加登録する' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/c/pay/cs_test_`))
  expect(sessionIdOf(page.url())).not.toBe(firstSession)
  expect(await memberTier()).toBe('sold_out')

  await page.goto('/ja/mypage/registration')
  await expect(page.getByRole('heading', { name: 'お支払い待ち' })).toBeVisible()
  await expect(page.getByText(/（残り約1分）/)).toBeVisible()
})

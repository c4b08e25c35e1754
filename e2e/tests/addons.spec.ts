import { callApi, createMember } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { receivedMail } from '../support/mail.ts'
import { notFoundAnswers, payOnCheckoutPage, signInInEnglish } from '../support/mypage.ts'
import { stripeUrl } from '../support/payment.ts'
import { pwaUrl } from '../support/stack.ts'

/*
 * An add-on on the running stack (decision 178): a paid participant buys the cooking club tasting from My Page,
 * pays on the Stripe emulator's Checkout page, and sees it bought on My Page and in the receipt mail.
 */

test.beforeEach(({ expectConsoleError }) => {
  // My Page asks for a profile and additional info this participant never gave: the API answers 404.
  expectConsoleError(notFoundAnswers)
})

test('a participant buys the tasting and sees it on My Page and the receipt', async ({ page }) => {
  const member = await createMember('addons')
  const dashboard = `${pwaUrl}/en/mypage/dashboard`
  const created = await callApi<{ payment_url: string }>('POST', '/registration', member.accessToken, {
    registration_tier: 'member',
    badge_name: 'Tasting Fox',
    agreed_to_rules: true,
    success_url: dashboard,
    cancel_url: dashboard,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  await page.goto(created.body.payment_url)
  await payOnCheckoutPage(page, '4242 4242 4242 4242')
  await expect
    .poll(
      async () =>
        (await callApi<{ payment_status?: string }>('GET', '/registration', member.accessToken)).body
          .payment_status,
      { timeout: 20_000 },
    )
    .toBe('paid')

  await page.goto('/en/sign-in')
  await signInInEnglish(page, member)
  const addons = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Add-ons' }) })
  await expect(addons.getByText('Cooking club tasting', { exact: true })).toBeVisible()
  await expect(addons.getByText('Not bought')).toBeVisible()
  await addons.getByRole('button', { name: 'Buy: Cooking club tasting' }).click()

  await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cooking club tasting')
  await payOnCheckoutPage(page, '4242 4242 4242 4242')
  await expect(page).toHaveURL(/\/en\/mypage\/dashboard$/, { timeout: 30_000 })
  await expect(addons.getByText('Bought', { exact: true })).toBeVisible({ timeout: 30_000 })

  // The registration was made in Japanese (the API's default): its mails are written in it.
  const receipt = await receivedMail(member.email, '【東京ふぁーりーフェス】領収書：料理部 試食会')
  expect(receipt.text).toContain('料理部 試食会の代金500円を受領しました。')
  expect(receipt.text).toMatch(/決済ID：pi_/)
})

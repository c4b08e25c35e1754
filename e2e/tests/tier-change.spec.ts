import { accessToken, callApi } from '../support/accounts.ts'
import { expect, test } from '../support/fixtures.ts'
import { receivedMail } from '../support/mail.ts'
import { payOnCheckoutPage, signInInEnglish } from '../support/mypage.ts'
import { createPaidParticipant } from '../support/reception.ts'

/*
 * A paid participant changes tier on My Page (decisions 167 and 169): a member moves up to sponsor paying the
 * difference on the Stripe emulator's Checkout page, and a fursuiter moves down to member with part of the
 * difference refunded.
 */

interface Quote {
  targets: { registration_tier: string; pay_jpy: number; refund_jpy: number }[]
}

const yen = (amount: number) => `¥${amount.toLocaleString('en')}`

async function quoteOf(person: { email: string; password: string }, token: string, tier: string) {
  const quote = await callApi<Quote>('GET', '/registration/tier-change', token)
  expect(quote.status, `${person.email}: ${JSON.stringify(quote.body)}`).toBe(200)
  const target = quote.body.targets.find((each) => each.registration_tier === tier)
  if (!target) throw new Error(`${tier} is not offered to ${person.email}`)
  return target
}

test('a member moves up to sponsor paying the difference on the Checkout page, sees the new tier and gets the receipt', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const person = await createPaidParticipant(browser, `Up Fox ${Math.random().toString(36).slice(2, 7)}`)
  await page.goto('/en/sign-in')
  await signInInEnglish(page, person)
  await page.goto('/en/mypage/registration')

  await page.getByRole('button', { name: 'Change category' }).click()
  const targets = page.getByRole('radiogroup', { name: 'Move to' })
  const sponsor = targets.getByRole('radio', { name: /^Sponsor: ¥[\d,]+ to pay for the difference$/ })
  const label = (await sponsor.locator('xpath=ancestor::label').textContent()) ?? ''
  const amount = /¥[\d,]+/.exec(label)?.[0] ?? ''
  await sponsor.check()
  await page.getByLabel(/T-shirt size/).selectOption('L')
  await page.getByRole('button', { name: 'Change category…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change your category?' })
  await expect(dialog).toContainText(`once you pay ${amount} for the difference on the payment page`)
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click()

  await payOnCheckoutPage(page, '4242 4242 4242 4242')
  // Back on My Page: once the webhook applied the payment, the registration is the sponsor's.
  await expect(page).toHaveURL(/\/en\/mypage\/dashboard/)
  await page.goto('/en/mypage/registration')
  await expect(page.getByRole('region', { name: 'Registered' }).getByText('Sponsor').first()).toBeVisible({
    timeout: 20_000,
  })
  const receipt = await receivedMail(person.email, '【東京ふぁーりーフェス】参加区分の変更の領収のお知らせ')
  expect(receipt.text).toContain(
    `差額${amount.replace('¥', '')}円のお支払いを受け付け、参加区分を一般参加からスポンサー参加に変更しました。`,
  )
})

test('a fursuiter moves to member and sees the part of the difference refunded on My Page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const person = await createPaidParticipant(browser, `Down Fox ${Math.random().toString(36).slice(2, 7)}`, {
    registration_tier: 'fursuiter',
    changing_room_type: 'male',
  })
  await page.goto('/en/sign-in')
  await signInInEnglish(page, person)
  const token = await accessToken('members', person.email, person.password)
  const { refund_jpy } = await quoteOf(person, token, 'member')
  expect(refund_jpy).toBeGreaterThan(0)
  await page.goto('/en/mypage/registration')

  await page.getByRole('button', { name: 'Change category' }).click()
  await page
    .getByRole('radiogroup', { name: 'Move to' })
    .getByRole('radio', { name: new RegExp(`^Member: ${yen(refund_jpy)} of the difference is refunded`) })
    .check()
  await page.getByRole('button', { name: 'Change category…' }).click()
  await page
    .getByRole('dialog', { name: 'Change your category?' })
    .getByRole('button', { name: 'Change category' })
    .click()

  await expect(
    page.getByText(
      `Your category is now Member. A confirmation mail is on its way. ${yen(refund_jpy)} will be refunded to the card you paid with.`,
    ),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Registered' }).getByText('Member').first()).toBeVisible()
})

import { accessToken, apiUrl, callApi, demoAdmin } from '../../support/accounts.ts'
import { expect, test } from '../../support/fixtures.ts'
import { receivedMail } from '../../support/mail.ts'
import {
  agreeToRules,
  freshEmail,
  notFoundAnswers,
  payOnCheckoutPage,
  signInInEnglish,
  signUpAndSignIn,
} from '../../support/mypage.ts'
import { createPaidParticipant, enterCode, signInAdmin, withDevices } from '../../support/reception.ts'
import { pwaUrl } from '../../support/stack.ts'

// A returned spot travels the whole stack (decisions 110, 111 and 115): the one-spot sponsor_fursuiter tier
// (TIER_CAPACITIES in playwright.config.ts) sells out to a paid participant; a second member joins its waiting
// list on the registration page; the first cancels on My Page and sees the refund of the policy (decision 165;
// the stack's REFUND_POLICY puts today in the 90 % period); the spot is offered to the member waiting by mail
// and on the page; they accept, pay on the Stripe emulator and get the receipt; the first participant's code is
// refused at the door. Exclusive: it sells out a tier every other test may choose.

test('a spot cancelled on My Page goes to the member waiting, who pays for it; the cancelled code is refused at the door', async ({
  page,
  browser,
  expectConsoleError,
}) => {
  test.setTimeout(240_000)
  // Before joining, the member has no waiting-list entry: the API answers 404, which Chromium logs.
  expectConsoleError(notFoundAnswers)
  // Run alone, this test may start before the API answers (the stack is ready when the PWA is).
  await expect
    .poll(
      () =>
        fetch(`${apiUrl}/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200)
  const holder = await createPaidParticipant(browser, `Spot Holder ${Date.now() % 100_000}`, {
    registration_tier: 'sponsor_fursuiter',
    t_shirt_size: 'M',
    changing_room_type: 'female',
  })

  const email = freshEmail('waiter')
  await signUpAndSignIn(page, 'en', email)
  await page.goto('/en/mypage/registration')
  const section = page.getByRole('region', { name: 'Waiting list' })
  await section.getByRole('button', { name: 'Join a waiting list…' }).click()
  await section.getByRole('radio', { name: 'Fursuiter sponsor' }).check()
  await section.getByLabel(/Badge name/).fill('Patient Fox')
  await section.getByLabel(/T-shirt size/).selectOption('L')
  await section.getByRole('radio', { name: 'Female' }).check()
  await agreeToRules(section, 'en')
  await section.getByRole('button', { name: 'Join the waiting list' }).click()
  await expect(section.getByText('You are number 1 on the waiting list for Fursuiter sponsor.')).toBeVisible()

  // The holder cancels on My Page: the policy gives back 90 % of 11,000 yen, shown before they confirm.
  const holderContext = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Tokyo' })
  try {
    const holderPage = await holderContext.newPage()
    await holderPage.goto('/en/sign-in')
    await signInInEnglish(holderPage, holder)
    await holderPage.goto('/en/cancel-registration')
    await expect(
      holderPage.getByText('Of your fee of ¥11,000, cancelling today refunds ¥9,900 (90%).'),
    ).toBeVisible()
    await holderPage.getByRole('button', { name: 'Cancel my registration' }).click()
    await holderPage
      .getByRole('dialog', { name: 'Cancel your registration?' })
      .getByRole('button', { name: 'Cancel registration' })
      .click()
    await expect(
      holderPage.getByText(
        'Your registration has been canceled and ¥9,900 has been refunded to the card you paid with. A confirmation mail is on its way.',
      ),
    ).toBeVisible()
  } finally {
    await holderContext.close()
  }
  // The holder registered without naming a language, so their mails are in Japanese.
  const refunded = await receivedMail(
    holder.email,
    '【東京ふぁーりーフェス】参加登録のキャンセルと返金のお知らせ',
  )
  expect(refunded.text).toContain('9,900円を返金しました')

  // The spot is offered to the member waiting, by mail and on the page; they accept it and pay.
  const offer = await receivedMail(email, '[Tokyo Furry Fes] A spot is held for you')
  expect(offer.text).toContain('A Fursuiter sponsor spot has returned')
  expect(offer.text).toContain(`${pwaUrl}/en/mypage/registration`)
  await page.reload()
  await expect(
    section.getByText(/A Fursuiter sponsor spot is held for you until .*\(Japan time\)/),
  ).toBeVisible()
  await section.getByRole('button', { name: 'Accept the spot and pay' }).click()
  await payOnCheckoutPage(page, '4242 4242 4242 4242')
  await page.waitForURL(`${pwaUrl}/en/**`)
  const receipt = await receivedMail(email, '[Tokyo Furry Fes] Receipt for your registration')
  expect(receipt.text).toContain('Badge name: Patient Fox')

  // At the door: the refunded code is refused on a tablet, and the server refuses its check-in.
  await withDevices(browser, ['Door'], async ([{ page }]) => {
    await signInAdmin(page)
    await page.getByRole('tab', { name: 'Scan' }).click()
    const verdict = await enterCode(page, holder.code)
    await expect(verdict).toContainText('Invalid')
    await expect(verdict).toContainText('This registration was canceled.')
  })
  const admin = demoAdmin()
  const adminToken = await accessToken('admins', admin.email, admin.password)
  const checkIn = await callApi<{ results?: { status: string; reason?: string }[] }>(
    'POST',
    '/admin/check-ins',
    adminToken,
    {
      items: [
        {
          id: crypto.randomUUID(),
          registration_id: holder.registrationId,
          device_id: 'e2e-door',
          checked_in_at: new Date().toISOString(),
          kind: 'check_in',
        },
      ],
    },
  )
  expect(checkIn.status).toBe(200)
  expect(checkIn.body.results?.[0]).toMatchObject({ status: 'rejected', reason: 'canceled' })
})

import { apiUrl, callApi, createMember } from '../../support/accounts.ts'
import { expect, test } from '../../support/fixtures.ts'
import { receivedMail } from '../../support/mail.ts'
import { freshEmail, notFoundAnswers, payOnCheckoutPage, signUpAndSignIn } from '../../support/mypage.ts'
import { cancelUrl, successUrl } from '../../support/payment.ts'
import { pwaUrl } from '../../support/stack.ts'

// The waiting list on the running stack (decision 115): the one-spot sponsor_fursuiter tier (TIER_CAPACITIES in
// playwright.config.ts) sells out, a second member joins its waiting list on the registration page, the holder
// gives the spot back, the second member gets the offer by mail and on the page, accepts, pays on the Stripe
// emulator and gets the receipt. Exclusive: it sells out a tier every other test may choose. It leaves the tier
// sold out (a paid registration nothing here can cancel), so it runs after the other exclusive tests.

test('a returned spot goes to the member waiting, who accepts it, pays and gets the receipt', async ({
  page,
  expectConsoleError,
}) => {
  test.setTimeout(180_000)
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
  const holder = await createMember()
  const taken = await callApi('POST', '/registration', holder.accessToken, {
    registration_tier: 'sponsor_fursuiter',
    badge_name: 'Spot Holder',
    t_shirt_size: 'M',
    changing_room_type: 'female',
    success_url: successUrl,
    cancel_url: cancelUrl,
  })
  expect(taken.status, JSON.stringify(taken.body)).toBe(201)

  const email = freshEmail('waiter')
  await signUpAndSignIn(page, 'en', email)
  await page.goto('/en/mypage/registration')
  const section = page.getByRole('region', { name: 'Waiting list' })
  await section.getByRole('button', { name: 'Join a waiting list…' }).click()
  await section.getByRole('radio', { name: 'Fursuiter sponsor' }).check()
  await section.getByLabel(/Badge name/).fill('Patient Fox')
  await section.getByLabel(/T-shirt size/).selectOption('L')
  await section.getByRole('radio', { name: 'Female' }).check()
  await section.getByRole('button', { name: 'Join the waiting list' }).click()
  await expect(section.getByText('You are number 1 on the waiting list for Fursuiter sponsor.')).toBeVisible()

  // The holder gives the spot back: it is offered to the member waiting, by mail and on the page.
  expect((await callApi('DELETE', '/registration', holder.accessToken)).status).toBe(200)
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
})

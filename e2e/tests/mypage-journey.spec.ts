import { randomUUID } from 'node:crypto'
import { type Edition, formatCalendarDate } from '@furfes/core'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { attachmentText, mailsTo, receivedMail } from '../support/mail.ts'
import {
  agreeToRules,
  decodeQr,
  freshEmail,
  notFoundAnswers,
  payOnCheckoutPage,
  signUpAndSignIn,
  verifyRegistrationCode,
  waitForFreshDocument,
} from '../support/mypage.ts'
import { stripeUrl } from '../support/payment.ts'
import { e2eVenue, pwaUrl } from '../support/stack.ts'

const text = {
  ja: {
    createProfile: 'プロフィールを作成する',
    saveProfile: 'プロフィールを作成する',
    handleName: /^ハンドルネーム/,
    public: '公開',
    addUrl: 'リンクを追加',
    link1: /^リンク 1/,
    saved: '保存しました。',
    register: '参加登録する',
    sponsor: /^スポンサー参加/,
    badgeName: /^バッジ名/,
    toPayment: 'お支払いへ進む',
    tShirtRequired: 'Tシャツのサイズを選択してください。',
    tShirtSize: /^Tシャツのサイズ/,
    paid: '支払い済み',
    additionalInfo: '追加情報を登録する',
    xUsername: /^Xのユーザー名/,
    save: '保存する',
    showCode: '受付コードを表示する',
    qr: '受付コードのQRコード',
    tier: 'スポンサー参加',
    signOut: 'サインアウト',
    receipt: {
      subject: '【東京ふぁーりーフェス】参加登録の領収書',
      lines: (edition: Edition) => [
        '登録区分: スポンサー参加',
        '金額（税込）: 10,000円',
        'お支払い方法: Visa（末尾 4242）',
        'バッジ名: ケモ太郎',
        'Tシャツのサイズ: L',
        `日時: ${formatCalendarDate(edition.eventDate, 'ja', { weekday: true })} ${edition.startTime}〜${edition.endTime}（日本時間）`,
        // The stack announces a venue (e2eVenue): the receipt tells the paid member where to go.
        `会場: ${e2eVenue.name.ja}`,
        `住所: ${e2eVenue.address.ja}`,
        `地図: ${e2eVenue.map_url}`,
        '入場: 09:30から（日本時間）',
      ],
      paidAt: /^お支払い日時: \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}:\d{2}（日本時間）$/m,
      paymentId: /^決済ID: (pi_test_\w+)$/m,
      changingRoom: '更衣室',
    },
  },
  en: {
    createProfile: 'Create your profile',
    saveProfile: 'Create the profile',
    handleName: /^Handle name/,
    public: 'Public',
    addUrl: 'Add a link',
    link1: /^Link 1/,
    saved: 'Saved.',
    register: 'Register',
    sponsor: /^Sponsor/,
    badgeName: /^Badge name/,
    toPayment: 'Go to payment',
    tShirtRequired: 'Size of T-shirt must not be empty',
    tShirtSize: /^T-shirt size/,
    paid: 'Paid',
    additionalInfo: 'Enter additional info',
    xUsername: /^X user name/,
    save: 'Save',
    showCode: 'Show the registration code',
    qr: 'QR code of your registration code',
    tier: 'Sponsor',
    signOut: 'Sign out',
    receipt: {
      subject: '[Tokyo Furry Fes] Receipt for your registration',
      lines: (edition: Edition) => [
        'Registration tier: Sponsor',
        'Amount (tax included): ¥10,000',
        'Paid with: Visa ending in 4242',
        'Badge name: ケモ太郎',
        'T-shirt size: L',
        `Date and time: ${formatCalendarDate(edition.eventDate, 'en', { weekday: true })}, ${edition.startTime} to ${edition.endTime} (Japan time)`,
        `Venue: ${e2eVenue.name.en}`,
        `Address: ${e2eVenue.address.en}`,
        `Access: ${e2eVenue.access.en}`,
        'Entry: From 09:30 (Japan time)',
      ],
      paidAt: /^Paid at: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}:\d{2} \(Japan time\)$/m,
      paymentId: /^Payment ID: (pi_test_\w+)$/m,
      changingRoom: 'Changing room',
    },
  },
} as const

// A phone's screen: the QR is read off a screenshot at the pixel density phones have (2x and more), as the
// desk's camera reads it off the phone. At 1x a long code's modules are 3–4 CSS pixels and blur at the edges.
test.use({ deviceScaleFactor: 2 })

for (const language of ['ja', 'en'] as const) {
  test(`the main journey in ${language}: sign up, profile, sponsor registration, payment, additional info, code, sign out`, async ({
    page,
    expectConsoleError,
  }) => {
    test.setTimeout(180_000)
    expectConsoleError(notFoundAnswers)
    const t = text[language]
    const email = freshEmail(`journey-${language}`)
    await signUpAndSignIn(page, language, email)

    // The profile.
    await page.getByRole('link', { name: t.createProfile }).click()
    await page.getByLabel(t.handleName).fill('ケモ太郎')
    await page.getByRole('radio', { name: t.public, exact: true }).check()
    await page.getByRole('button', { name: t.addUrl }).click()
    // A link no other run's profile has: the participants page lists everyone's.
    const profileUrl = `https://x.com/kemotaro_${randomUUID().slice(0, 8)}`
    await page.getByRole('textbox', { name: t.link1 }).fill(profileUrl)
    await page.getByRole('button', { name: t.saveProfile }).click()
    await expect(page.getByText(t.saved)).toBeVisible()

    // Registration for a sponsor tier: first without a T-shirt size.
    await page.goto(`/${language}/mypage/dashboard`)
    await page.getByRole('link', { name: t.register, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/${language}/mypage/registration$`))
    await page.getByRole('radio', { name: t.sponsor }).first().check()
    await page.getByLabel(t.badgeName).fill('ケモ太郎')
    await agreeToRules(page, language)
    await page.getByRole('button', { name: t.toPayment }).click()
    await expect(page.getByText(t.tShirtRequired)).toBeVisible()
    await page.getByRole('combobox', { name: t.tShirtSize }).selectOption('L')
    await expect(page.getByText(t.tShirtRequired)).toHaveCount(0)
    await page.getByRole('button', { name: t.toPayment }).click()

    // Checkout on the Stripe emulator, then back on the dashboard, paid.
    await payOnCheckoutPage(page, '4242 4242 4242 4242')
    await expect(page).toHaveURL(new RegExp(`/${language}/mypage/dashboard$`), { timeout: 30_000 })
    await expect(page.getByText(t.paid, { exact: true })).toBeVisible({ timeout: 30_000 })

    // Additional info for club activities.
    await page.getByRole('link', { name: t.additionalInfo }).first().click()
    await page.getByLabel(t.xUsername).fill('kemotaro_fes')
    await page.getByRole('button', { name: t.save }).click()
    await expect(page.getByText(t.saved)).toBeVisible()

    // Paid, with a public profile: the participants page lists it, from the API's GET /public-profile. The
    // API answers that list from memory for a few seconds, so the page is reloaded until it shows.
    const listed = page.locator(`a[href="${profileUrl}"]`)
    await page.goto(`/${language}/participants-profile`)
    await expect(async () => {
      await page.reload()
      await expect(listed).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 20_000 })
    await expect(listed).toHaveAccessibleName(
      new RegExp(profileUrl.replace('https://', '').replaceAll('.', '\\.')),
    )

    // The receipt, in the language registered in, read from the mail catcher as the member's inbox.
    const { edition } = await servedEdition()
    const receipt = await receivedMail(email, t.receipt.subject)
    for (const line of t.receipt.lines(edition)) expect(receipt.text).toContain(line)
    expect(receipt.text).not.toContain(t.receipt.changingRoom)
    expect(receipt.text).toMatch(t.receipt.paidAt)
    const paymentId = t.receipt.paymentId.exec(receipt.text)?.[1] ?? ''
    // The payment id is Stripe's: the emulator's event about this payment names it.
    expect(await (await fetch(`${stripeUrl}/_emulator/events`)).text()).toContain(
      `"payment_intent":"${paymentId}"`,
    )
    for (const line of t.receipt.lines(edition)) expect(receipt.html).toContain(line.split(': ')[1] ?? line)
    const ics = await attachmentText(receipt, 'furfes.ics')
    expect(ics).toContain(
      `DTSTART;TZID=Asia/Tokyo:${edition.eventDate.replaceAll('-', '')}T${edition.startTime.replace(':', '')}00`,
    )
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo')
    // The sign-up code came through the same inbox (the Cognito emulator mails over SMTP too).
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
      '確認コード / Your verification code',
      t.receipt.subject,
    ])

    // The registration code, through the mail's link: a QR that decodes to a code the API's key set verifies.
    const codeLink = /href="([^"]+\/registration-code)"/.exec(receipt.html)?.[1] ?? ''
    expect(codeLink).toBe(`${pwaUrl}/${language}/registration-code`)
    await page.goto(codeLink)
    const qr = page.getByRole('img', { name: t.qr })
    await expect(qr).toBeVisible()
    await expect(page.getByText('ケモ太郎', { exact: true })).toBeVisible()
    await expect(page.getByText(t.tier, { exact: true })).toBeVisible()
    const token = await decodeQr(page.getByTestId('registration-code-qr'))
    // The code carries only the registration, signed; name and tier are the page's, from the registration.
    const verified = await verifyRegistrationCode(token)
    expect(verified.registrationId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    // It names its edition too, and stays within QR version 6 at level M (decisions 120 and 159).
    expect(token.length).toBeLessThanOrEqual(154)

    // Sign out: back to the top page, and My Page asks to sign in again.
    await page.goto(`/${language}/mypage/dashboard`)
    // The top page reloads the whole app once signed out: a real document request, not a route change.
    const reload = page.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).pathname === `/${language}`,
    )
    await page.getByRole('main').getByRole('link', { name: t.signOut }).click()
    await reload
    await waitForFreshDocument(page, `/${language}`)
    await expect(page).toHaveURL(new RegExp(`/${language}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      (await servedEdition()).edition.name[language],
    )
    await page.goto(`/${language}/mypage`)
    await expect(page).toHaveURL(new RegExp(`/${language}/sign-in$`))
  })
}

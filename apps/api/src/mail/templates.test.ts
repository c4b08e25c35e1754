import { defaultEventDetails } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { type MailContext, mailKinds, mailStrings, mailTemplates } from './templates.ts'

const context: MailContext = {
  pwaUrl: 'https://furfes.test',
  eventDate: '2025-05-10',
  event: defaultEventDetails,
  venue: { ja: '会場 <東京>', en: 'Hall & Annex, Tokyo' },
  now: Date.parse('2025-03-01T01:00:00Z'),
}

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)]

const receiptData = {
  registrationId: 'r1',
  registrationTier: 'fursuiter' as const,
  amountJpy: 4000,
  paidAt: Date.parse('2025-03-01T01:02:03Z'),
  paymentId: 'pi_123',
  card: { brand: 'amex', last4: '0005' },
  badgeName: '<script>alert(1)</script>',
  tShirtSize: null,
  changingRoomType: 'male' as const,
}

/** Every {{placeholder}} of each rendered mail was filled, in the HTML and the text part alike. */
function expectPlaceholdersFilled(...mails: { html: string; text: string }[]) {
  for (const mail of mails) {
    expect(mail.html).not.toMatch(/\{\{/)
    expect(mail.text).not.toMatch(/\{\{/)
  }
}

/** Each line stands in the mail's text part. */
function expectTextLines(mail: { text: string }, lines: string[]) {
  for (const line of lines) expect(mail.text).toContain(line)
}

describe('mail templates', () => {
  it('have the same words in Japanese and English', () => {
    expect(keysOf(mailStrings.ja).sort()).toEqual(keysOf(mailStrings.en).sort())
  })

  it('register every kind the outbox stores', () => {
    expect(mailKinds.sort()).toEqual([
      'addon_receipt',
      'announcement',
      'checkout_lapsed',
      'details_changed',
      'guardian_requested',
      'receipt',
      'refunded',
      'refunded_automatically',
      'tier_change_refunded',
      'tier_changed',
      'waiting_list_offer',
      'waiting_list_offer_expired',
    ])
  })

  it('escape what members typed and leave no placeholder unfilled, in both languages', async () => {
    for (const language of ['ja', 'en'] as const) {
      const sut = await mailTemplates.receipt.render(receiptData, language, context)
      expect(sut.html).not.toContain('<script>alert(1)')
      expect(sut.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(sut.html).toContain(language === 'ja' ? '会場 &lt;東京&gt;' : 'Hall &amp; Annex, Tokyo')
      expectPlaceholdersFilled(sut)
      expect(sut.html).toContain(`<html lang="${language}"`)
    }
  })

  it('say what each field is, with the card as the site names its brand and Japan time', async () => {
    const ja = await mailTemplates.receipt.render(receiptData, 'ja', context)
    expectTextLines(ja, [
      '登録区分: 着ぐるみ参加',
      '金額（税込）: 4,000円',
      'お支払い日時: 2025年3月1日 10:02:03（日本時間）',
      'お支払い方法: American Express（末尾 0005）',
      '更衣室: 男性用',
    ])
    expect(ja.text).not.toContain('Tシャツのサイズ')
    const en = await mailTemplates.receipt.render({ ...receiptData, card: undefined }, 'en', context)
    expect(en.text).toContain('Paid at: March 1, 2025 at 10:02:03 (Japan time)')
    expect(en.text).not.toContain('Paid with')
    expect(en.text).toContain('Changing room: Male')
  })

  it('announce a waiting-list offer with its deadline in Japan time, and its expiry, in both languages', async () => {
    const data = {
      registrationTier: 'fursuiter' as const,
      badgeName: 'Fox',
      offerExpiresAt: Date.parse('2025-03-02T01:00:00Z'),
    }
    const en = await mailTemplates.waiting_list_offer.render(data, 'en', context)
    expect(en.subject).toBe('[Tokyo Furry Fes] A spot is held for you')
    expect(en.text).toContain('A Fursuiter spot has returned, and you are next on the waiting list')
    expect(en.text).toContain('Accept it and pay by March 2, 2025 at 10:00:00 (Japan time).')
    expect(en.text).toContain('Accept the spot: https://furfes.test/en/mypage/registration')
    const ja = await mailTemplates.waiting_list_offer.render(data, 'ja', context)
    expect(ja.text).toContain('2025年3月2日 10:00:00（日本時間）までに受け取ってお支払いください。')
    expect(ja.html).toContain('https://furfes.test/ja/mypage/registration')
    const expired = await mailTemplates.waiting_list_offer_expired.render(
      { registrationTier: 'member', badgeName: 'Fox' },
      'ja',
      context,
    )
    expect(expired.subject).toBe('【東京ふぁーりーフェス】お取り置きの期限が切れました')
    expect(expired.text).toContain('お取り置きしていた一般参加の枠は')
    expectPlaceholdersFilled(en, ja, expired)
  })

  it('tell a participant the details now in force after a change, in both languages', async () => {
    const data = {
      registrationTier: 'sponsor_fursuiter' as const,
      badgeName: 'Fox',
      tShirtSize: 'XL',
      changingRoomType: 'male' as const,
    }
    const ja = await mailTemplates.details_changed.render(data, 'ja', context)
    const en = await mailTemplates.details_changed.render(data, 'en', context)

    expect(ja.subject).toBe('【東京ふぁーりーフェス】参加登録の内容変更のお知らせ')
    expect(en.text).toContain('They are now: Badge name: Fox / T-shirt size: XL / Changing room: ')
    expect(en.text).toContain('Open My Page: https://furfes.test/en/mypage/dashboard')
    expectPlaceholdersFilled(ja, en, en)
  })

  it('confirm a change of tier with the refund to come, none, or the difference paid, and the refund once made', async () => {
    const data = {
      registrationTier: 'member' as const,
      badgeName: 'Fox',
      tShirtSize: null,
      changingRoomType: null,
      fromTier: 'fursuiter' as const,
      direction: 'downgrade' as const,
      amountJpy: 900,
    }
    const ja = await mailTemplates.tier_changed.render(data, 'ja', context)
    const none = await mailTemplates.tier_changed.render({ ...data, amountJpy: 0 }, 'en', context)
    const up = await mailTemplates.tier_changed.render(
      { ...data, registrationTier: 'sponsor', fromTier: 'member', direction: 'upgrade', amountJpy: 7000 },
      'en',
      context,
    )
    const refunded = await mailTemplates.tier_change_refunded.render(
      { registrationTier: 'member', badgeName: 'Fox', amountJpy: 900 },
      'ja',
      context,
    )

    expect(ja.subject).toBe('【東京ふぁーりーフェス】参加区分の変更のお知らせ')
    expect(ja.text).toContain('参加区分を着ぐるみ参加から一般参加に変更しました。')
    expect(ja.text).toContain('差額のうち900円をお支払いに使用したカードへ返金します。')
    expect(none.text).toContain('nothing of the difference is refunded at this time')
    expect(up.text).toContain(
      'We received ¥7,000 for the difference, and your registration was moved from Member to Sponsor',
    )
    expect(refunded.text).toContain(
      '一般参加への変更の差額として、お支払いに使用したカードへ900円を返金しました。',
    )
    expectPlaceholdersFilled(ja, none, up, refunded)
  })

  it('tell a canceled member what was refunded, or that nothing was, in both languages', async () => {
    const data = {
      registrationTier: 'member' as const,
      badgeName: 'Fox',
      amountJpy: 2700,
      feeJpy: 3000,
      source: 'staff' as const,
    }
    const ja = await mailTemplates.refunded.render(data, 'ja', context)
    const en = await mailTemplates.refunded.render(data, 'en', context)
    const none = await mailTemplates.refunded.render({ ...data, amountJpy: 0 }, 'en', context)
    const noneJa = await mailTemplates.refunded.render({ ...data, amountJpy: 0 }, 'ja', context)

    expect(ja.subject).toBe('【東京ふぁーりーフェス】参加登録のキャンセルと返金のお知らせ')
    expect(ja.text).toContain(
      '一般参加の参加登録をキャンセルし、お支払いに使用したカードへ2,700円を返金しました。',
    )
    expect(en.text).toContain('has been canceled and ¥2,700 has been refunded to the card you paid with')
    expect(en.text).toContain('Open My Page: https://furfes.test/en/mypage/dashboard')
    expect(none.text).toContain('Under the refund policy for this date, nothing is refunded.')
    // With nothing refunded, neither the subject nor the preview may say that something was.
    expect(none.subject).toBe('[Tokyo Furry Fes] Your registration was canceled')
    expect(noneJa.subject).toBe('【東京ふぁーりーフェス】参加登録のキャンセルのお知らせ')
    expect(`${none.subject} ${none.html}`).not.toMatch(/was refunded|and refunded/)
    expect(`${noneJa.subject} ${noneJa.html}`).not.toContain('返金額')
    expectPlaceholdersFilled(ja, en, none, noneJa)
  })

  it('tell a member of the cancelled event that it is cancelled, and the fee, the expenses deducted and the refund', async () => {
    const data = {
      registrationTier: 'sponsor' as const,
      badgeName: 'Fox',
      amountJpy: 6_500,
      feeJpy: 10_000,
      source: 'event_cancelled' as const,
    }
    const ja = await mailTemplates.refunded.render(data, 'ja', context)
    const en = await mailTemplates.refunded.render(data, 'en', context)

    expect(ja.subject).toBe('【東京ふぁーりーフェス】イベント中止と返金のお知らせ')
    expectTextLines(ja, [
      'イベント中止のお知らせ',
      '誠に申し訳ございません。東京ふぁーりーフェスは中止となりました。スポンサー参加の参加登録をキャンセルし、お支払いに使用したカードへ返金しました。',
      'お支払いいただいた参加費10,000円から、イベントのためにすでに発生した1人あたりの経費3,500円を差し引き、6,500円を返金しました。',
    ])
    expect(en.subject).toBe('[Tokyo Furry Fes] The event is cancelled: your refund')
    expectTextLines(en, [
      'The event is cancelled',
      'We are very sorry: Tokyo Furry Fes has been cancelled. Your Sponsor registration has been canceled and refunded to the card you paid with.',
      'From the fee you paid, ¥10,000, the per-person expenses already incurred for the event, ¥3,500, were deducted: ¥6,500 has been refunded.',
      'Open My Page: https://furfes.test/en/mypage/dashboard',
    ])
    expect(en.html).toContain('¥3,500')
    // Expenses above the fee: nothing is refunded, the whole fee is deducted.
    const nothing = await mailTemplates.refunded.render({ ...data, amountJpy: 0 }, 'en', context)
    expect(nothing.text).toContain('¥10,000, the per-person expenses already incurred for the event, ¥10,000')
    expectPlaceholdersFilled(ja, en, nothing)
  })

  it('tell a member their payment was refunded in full automatically, in both languages', async () => {
    const data = { registrationTier: 'member' as const, badgeName: 'Fox', amountJpy: 3000 }
    const ja = await mailTemplates.refunded_automatically.render(data, 'ja', context)
    const en = await mailTemplates.refunded_automatically.render(data, 'en', context)

    expect(ja.subject).toBe('【東京ふぁーりーフェス】お支払いの自動返金のお知らせ')
    expect(ja.text).toContain('お支払いに使用したカードへ3,000円を全額返金しました。')
    expect(en.subject).toBe('[Tokyo Furry Fes] Your payment was refunded automatically')
    expect(en.text).toContain('¥3,000 has been refunded in full to the card you paid with')
    expect(en.text).toContain('Open My Page: https://furfes.test/en/mypage/dashboard')
    expectPlaceholdersFilled(ja, en)
  })

  it('name the announced venue in full in the receipt and its calendar file, in both languages', async () => {
    const announced: MailContext = {
      ...context,
      announcedVenue: {
        name: { ja: '東京ふぁーりーホール', en: 'Tokyo Furry Hall' },
        address: { ja: '東京都千代田区丸の内1-1', en: '1-1 Marunouchi, Tokyo' },
        access: { ja: '東京駅から徒歩5分', en: '5 minutes from Tokyo Station' },
        map_url: 'https://maps.example.com/hall?q=a&z=1',
        entry_time: '09:30',
      },
    }
    const ja = await mailTemplates.receipt.render(receiptData, 'ja', announced)
    expectTextLines(ja, [
      '会場: 東京ふぁーりーホール',
      '住所: 東京都千代田区丸の内1-1',
      'アクセス: 東京駅から徒歩5分',
      '地図: https://maps.example.com/hall?q=a&z=1',
      '入場: 09:30から（日本時間）',
    ])
    expect(ja.html).toContain('https://maps.example.com/hall?q=a&amp;z=1')
    expect(ja.text).not.toContain('会場 <東京>')
    // iCalendar folds long lines (CRLF and a space); unfolded, LOCATION holds the name and address.
    const ics = ja.attachments[0]?.content.replace(/\r?\n /g, '')
    expect(ics).toContain('LOCATION:東京ふぁーりーホール\\, 東京都千代田区丸の内1-1')
    const en = await mailTemplates.receipt.render(receiptData, 'en', announced)
    expectTextLines(en, [
      'Venue: Tokyo Furry Hall',
      'Address: 1-1 Marunouchi, Tokyo',
      'Access: 5 minutes from Tokyo Station',
      'Entry: From 09:30 (Japan time)',
    ])
    const unannounced = await mailTemplates.receipt.render(receiptData, 'en', context)
    expect(unannounced.text).toContain('Venue: Hall & Annex, Tokyo')
    expect(unannounced.text).not.toContain('Address:')
  })

  it("carry an announcement in the registration's language, its line breaks kept and its text escaped", async () => {
    const data = {
      badgeName: 'Kemo',
      title: { ja: 'パレード <変更>', en: 'Parade <moved>' },
      body: { ja: '集合は14時\n西口です', en: 'Meet at 2 pm\nat the west exit' },
    }
    for (const language of ['ja', 'en'] as const) {
      const sut = await mailTemplates.announcement.render(data, language, context)
      expectPlaceholdersFilled(sut)
      expect(sut.subject).toBe(
        language === 'ja' ? '【東京ふぁーりーフェス】パレード <変更>' : '[Tokyo Furry Fes] Parade <moved>',
      )
      expect(sut.html).toContain(language === 'ja' ? 'パレード &lt;変更&gt;' : 'Parade &lt;moved&gt;')
      expect(sut.html).toContain(
        language === 'ja' ? '集合は14時<br />西口です' : 'Meet at 2 pm<br />at the west exit',
      )
      expectTextLines(sut, [
        data.title[language],
        data.body[language],
        `https://furfes.test/${language}/timetable#announcements`,
      ])
    }
  })

  it('ask a guardian to answer on My Page, naming the minors who registered and never their address', async () => {
    const named = {
      registrationTier: 'member' as const,
      badgeName: 'Papa Bear',
      minors: ['Kit', '<b>Fox</b>'],
    }
    const ja = await mailTemplates.guardian_requested.render(named, 'ja', context)
    expect(ja.subject).toBe('【東京ふぁーりーフェス】保護者としての承認のお願い')
    expectTextLines(ja, [
      'Papa Bear さん',
      'イベント当日に13歳以下のKit さん、<b>Fox</b> さんが、あなたを保護者に指定しました。',
      '保護者の方は、イベント当日に会場で一緒に過ごしていただく必要があります。',
      'マイページで回答する: https://furfes.test/ja/mypage/dashboard',
    ])
    expect(ja.html).toContain('&lt;b&gt;Fox&lt;/b&gt;')
    expect(ja.html).not.toContain('<b>Fox')
    const en = await mailTemplates.guardian_requested.render(named, 'en', context)
    expect(en.subject).toBe('[Tokyo Furry Fes] You were named as a guardian')
    expectTextLines(en, [
      'Kit and <b>Fox</b> will be 13 or under on the event day and named you as their guardian.',
      'A guardian comes to the venue together with the minor and stays with them on the event day.',
      'Answer on My Page: https://furfes.test/en/mypage/dashboard',
    ])
    // A minor who has not registered has no name to give: My Page, behind the guardian's sign-in, shows who.
    const unnamed = await mailTemplates.guardian_requested.render(
      { ...named, minors: ['Kit', null] },
      'en',
      context,
    )
    expect(unnamed.text).toContain(
      'A participant who will be 13 or under on the event day named you as their guardian. My Page shows who asked.',
    )
    expect(unnamed.text).not.toContain('Kit')
    expectPlaceholdersFilled(ja, en, unnamed)
  })

  it('are dark-mode aware and use the brand colour', async () => {
    const sut = await mailTemplates.checkout_lapsed.render(
      { registrationTier: 'member', badgeName: 'Fox', endedAs: 'expired' },
      'en',
      context,
    )
    expect(sut.html).toContain('<meta name="color-scheme" content="light dark"')
    expect(sut.html).toContain('prefers-color-scheme: dark')
    expect(sut.html.toLowerCase()).toContain('#d63384')
    expect(sut.text).toContain('Register again: https://furfes.test/en/mypage/registration')
  })
})

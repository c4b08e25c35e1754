import { ProductError, type RegistrationHistoryItem } from '@furfes/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearRegistrationCode, loadRegistrationCode } from '../offline/registration-code-cache.ts'
import { createFakeAccount, jwsRegistrationCode, now } from '../test/fake-account.ts'
import {
  email,
  flagsOn,
  markSoldOut,
  openPage,
  openWithKeptCodeOnly,
  paidRegistration,
  pendingRegistration,
  signedIn,
} from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name })
const type = async (label: RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } })
const click = async (role: 'button' | 'link' | 'radio', name: string | RegExp) =>
  fireEvent.click(await screen.findByRole(role, { name }))

describe('entering My Page', () => {
  it('refreshes the session and shows the dashboard for the empty path', async () => {
    const { account } = signedIn()
    const { recorded } = renderApp('/ja/mypage', { account, flags: flagsOn })
    await heading('マイページ')
    expect(recorded.location.pathname).toBe('/ja/mypage/dashboard')
    expect(await screen.findByText(`${email} でサインインしています。`)).toBeTruthy()
    expect(await screen.findByText('新しい部活動の設立申請を受け付けています。')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('マイページ | 東京ふぁーりーフェス 2025'))
  })

  it('sends a revoked session to sign-in with the spec message', async () => {
    const { account, cognito } = signedIn()
    cognito.revoke(email)
    const { recorded } = renderApp('/ja/mypage/profile', { account })
    await heading('サインイン')
    expect(
      screen.getByText('マイページのセッションの有効期限が切れました。再度サインインしてください。'),
    ).toBeTruthy()
    expect(recorded.location.state).toMatchObject({ returnTo: '/ja/mypage/profile' })
  })

  it('sends a visitor without a session to sign-in without a message, and back after signing in', async () => {
    const { account, cognito } = createFakeAccount()
    cognito.addUser(email, 'correct-horse-1')
    const { recorded } = renderApp('/en/mypage/profile', { account })
    await heading('Sign in')
    expect(screen.queryByText(/session has expired/)).toBeNull()
    await type(/Email address/, email)
    await type(/Password/, 'correct-horse-1')
    await click('button', 'Sign in')
    await heading('Profile')
    expect(recorded.location.pathname).toBe('/en/mypage/profile')
  })

  it('goes to maintenance while the site is under maintenance', async () => {
    const { account } = signedIn()
    const { recorded } = renderApp('/ja/mypage', { account, flags: { ...flagsOn, isUnderMaintenance: true } })
    await heading('メンテナンス中')
    expect(recorded.location.pathname).toBe('/ja/maintenance')
  })

  it('sends registration to the dashboard while registration is off', async () => {
    const { account } = signedIn()
    const { recorded } = renderApp('/ja/mypage/registration', {
      account,
      flags: { ...flagsOn, isRegistrationAvailable: false },
    })
    await heading('マイページ')
    expect(recorded.location.pathname).toBe('/ja/mypage/dashboard')
    expect(await screen.findAllByText('参加登録の受け付けは現在停止しています。')).toHaveLength(2)
  })

  it('says the edition is over on the dashboard of a member who did not register, and offers no registration', async () => {
    const { account } = signedIn()
    renderApp('/en/mypage/dashboard', {
      account,
      flags: flagsOn,
      now: Date.parse('2025-05-11T09:00:00+09:00'),
    })
    const section = await screen.findByRole('region', { name: 'Registration' })
    expect(await within(section).findByText('You have not registered yet.')).toBeTruthy()
    expect(await within(section).findByText(/^Thank you for coming\./)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull()
  })

  it('once the edition is over, neither the menu nor the address leads to the registration form (ja)', async () => {
    const { account } = signedIn()
    const { recorded } = renderApp('/ja/mypage/registration', {
      account,
      flags: flagsOn,
      now: Date.parse('2025-05-11T09:00:00+09:00'),
    })
    await waitFor(() => expect(recorded.location.pathname).toBe('/ja/mypage/dashboard'))
    const menu = await screen.findByRole('navigation', { name: 'マイページのメニュー' })
    expect(within(menu).getByRole('link', { name: 'プロフィール' })).toBeTruthy()
    expect(within(menu).queryByRole('link', { name: '参加登録' })).toBeNull()
    expect((await screen.findAllByText(/^ご参加ありがとうございました。/)).length).toBeGreaterThan(0)
  })

  it('reloads the user context on dashboard?refresh and then drops the key', async () => {
    const { account, backend } = signedIn()
    await account.cache.registration.load()
    backend.state.registration = paidRegistration('member')
    const { recorded } = renderApp('/ja/mypage/dashboard?refresh=true', { account, flags: flagsOn })
    expect(await screen.findByText('支払い済み')).toBeTruthy()
    await waitFor(() => expect(recorded.location.search).toBe(''))
  })
})

describe('registration', () => {
  it('shows a registration canceled after payment with the refunded amount, in both languages', async () => {
    for (const [language, texts] of [
      ['ja', ['キャンセル済み', '返金額', '2,700円']],
      ['en', ['Canceled', 'Refunded', '¥2,700']],
    ] as const) {
      const { account, backend } = signedIn()
      backend.state.registration = {
        registrationTier: 'member',
        badgeName: 'ケモ',
        paymentStatus: 'canceled',
        refundedJpy: 2700,
      }
      const { unmount } = renderApp(`/${language}/mypage/dashboard`, { account, flags: flagsOn })
      const section = await screen.findByRole('region', {
        name: language === 'ja' ? '参加登録' : 'Registration',
      })
      for (const text of texts) expect(await within(section).findByText(text)).toBeTruthy()
      unmount()
    }
  })

  it('lists past editions under the registration, with or without one in the current edition, and not without any', async () => {
    const lastYear: RegistrationHistoryItem = {
      editionId: '2024',
      editionName: { ja: '東京ふぁーりーフェス 2024', en: 'Tokyo Furry Fes 2024' },
      registrationTier: 'sponsor',
      paymentStatus: 'paid',
      amountJpy: 12000,
      paidAt: Date.parse('2024-03-01T10:00:00+09:00'),
    }
    const refunded: RegistrationHistoryItem = {
      editionId: '2023',
      editionName: { ja: '東京ふぁーりーフェス 2023', en: 'Tokyo Furry Fes 2023' },
      registrationTier: 'member',
      paymentStatus: 'canceled',
      amountJpy: 5000,
    }
    for (const [language, current, texts] of [
      [
        'ja',
        null,
        ['過去の開催', '東京ふぁーりーフェス 2024', '支払い済み', '12,000円', '支払日時', 'キャンセル済み'],
      ],
      ['en', paidRegistration('member'), ['Past festivals', 'Tokyo Furry Fes 2023', 'Canceled', '¥5,000']],
    ] as const) {
      const { account, backend } = signedIn()
      backend.state.registration = current
      backend.state.history = [lastYear, refunded]
      const { unmount } = renderApp(`/${language}/mypage/dashboard`, { account, flags: flagsOn })
      const section = await screen.findByRole('region', { name: texts[0] })
      for (const text of texts.slice(1)) expect(await within(section).findAllByText(text)).not.toHaveLength(0)
      expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(2)
      unmount()
    }
    const { account } = signedIn()
    renderApp('/en/mypage/dashboard', { account, flags: flagsOn })
    await screen.findByText('You have not registered yet.')
    await waitFor(() => expect(account.cache.history.getSnapshot().status).toBe('loaded'))
    expect(screen.queryByRole('region', { name: 'Past festivals' })).toBeNull()
  })

  it('shows prices and sold-out tiers, asks sponsors for a T-shirt size, then goes to the payment page', async () => {
    const fake = signedIn()
    markSoldOut(fake, 'fursuiter')
    openPage('/ja/mypage/registration', fake)
    await heading('参加登録')
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /着ぐるみ参加.*4,000円.*売り切れ/ })).toHaveProperty(
        'disabled',
        true,
      ),
    )
    expect(
      screen.getByText(
        '参加区分の変更は、お支払いの後に、更衣室のない参加区分（一般参加・スポンサー参加）への変更に限り承ります。',
      ),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: /^スポンサー参加.*10,000円/ }))
    await type(/バッジ名/, 'ケモ')
    await click('button', 'お支払いへ進む')
    expect(await screen.findByText('Tシャツのサイズを選択してください。')).toBeTruthy()
    expect(screen.getByText('参加規約への同意が必要です。')).toBeTruthy()
    fireEvent.click(screen.getByRole('checkbox', { name: '参加規約に同意します' }))
    expect(screen.getByRole('table', { name: 'Tシャツのサイズ表（cm）' })).toBeTruthy()
    // It scrolls sideways on a phone: the region around it takes the keyboard's focus, to scroll it.
    const sizeRegion = screen.getByRole('region', { name: 'Tシャツのサイズ表（cm）' })
    sizeRegion.focus()
    expect(document.activeElement).toBe(sizeRegion)
    fireEvent.change(screen.getByRole('combobox', { name: /Tシャツのサイズ/ }), { target: { value: 'L' } })
    expect(
      screen.getByText(
        /当日受付で手助けできるよう知っておいてほしいことを書いてください。会場のスタッフが確認します。200文字以内。/,
      ),
    ).toBeTruthy()
    await type(/配慮してほしいこと（任意）/, ' 車椅子で来場します ')
    await click('button', 'お支払いへ進む')
    await waitFor(() => expect(fake.navigatedTo).toEqual(['https://checkout.example.com/c/pay/cs_test_1']))
    expect(
      fake.backend.state.requests.find((request) => request.method === 'postRegistration')?.body,
    ).toEqual({
      registrationTier: 'sponsor',
      badgeName: 'ケモ',
      tShirtSize: 'L',
      accessNeeds: '車椅子で来場します',
      agreedToRules: true,
      successUrl: 'http://localhost:5173/ja/mypage/dashboard?refresh=true',
      cancelUrl: 'http://localhost:5173/ja/mypage/registration?refresh=true',
      // The receipt and other mails go out in the language the member registered in.
      language: 'ja',
      minor: false,
    })
    expect(await screen.findByText('お支払い待ち')).toBeTruthy()
  })

  it('asks fursuit tiers for the changing room and badge names for a name', async () => {
    const fake = signedIn()
    openPage('/en/mypage/registration', fake)
    await heading('Registration')
    fireEvent.click(await screen.findByRole('radio', { name: /^Fursuiter(?! sponsor)/ }))
    await click('button', 'Go to payment')
    expect(await screen.findByText('Badge name must not be empty')).toBeTruthy()
    expect(await screen.findByText('Fursuit changing room must not be empty')).toBeTruthy()
    expect(fake.navigatedTo).toEqual([])
  })

  it('says while typing which character a badge cannot print, and counts an emoji sequence as one', async () => {
    const fake = signedIn()
    openPage('/en/mypage/registration', fake)
    await heading('Registration')
    await type(/Badge name/, 'Kemo\u202E')
    expect(
      await screen.findByText('Badge name contains a character that cannot be printed (U+202E)'),
    ).toBeTruthy()
    await type(/Badge name/, '\u200B\u200B')
    expect(await screen.findByText('Badge name must not be empty')).toBeTruthy()
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'
    await type(/Badge name/, family.repeat(21))
    expect(await screen.findByText('Badge name must be at most 20 characters')).toBeTruthy()
    await type(/Badge name/, family.repeat(20))
    await waitFor(() => expect(screen.queryByText(/^Badge name (must|contains)/)).toBeNull())
  })

  it('while pending: time left, a blocked pop-up says so, and the checkout can be cancelled', async () => {
    const fake = signedIn()
    fake.backend.state.registration = pendingRegistration('cs_test_2', now + 20 * 60_000)
    fake.blockPopUps()
    openPage('/ja/mypage/registration', fake)
    expect(await screen.findByText(/残り約20分/)).toBeTruthy()
    await click('button', '新しいウィンドウで開く')
    expect(
      await screen.findAllByText(
        'ポップアップウィンドウがブロックされました。ブラウザの設定を確認してください。',
      ),
    ).not.toHaveLength(0)
    await click('button', 'お支払いページへ進む')
    expect(fake.navigatedTo).toEqual(['https://checkout.example.com/c/pay/cs_test_2'])
    await click('button', '申し込みを取り消す')
    // Asked first: keeping the application changes nothing.
    const dialog = await screen.findByRole('dialog', { name: '申し込みを取り消しますか？' })
    expect(dialog.textContent).toContain('確保している一般参加の枠を手放し')
    await click('button', '申し込みを続ける')
    expect(fake.backend.state.registration?.paymentStatus).toBe('pending')
    await click('button', '申し込みを取り消す')
    await click('button', '取り消す')
    expect(
      await screen.findByText('前回の申し込みは取り消されました。もう一度参加登録できます。'),
    ).toBeTruthy()
    expect(fake.account.cache.registration.getSnapshot().value?.paymentStatus).toBe('canceled')
  })

  it('once the checkout times out, offers registering again with the tiers asked for again', async () => {
    const fake = signedIn()
    fake.backend.state.registration = pendingRegistration('cs_test_3', now + 200)
    // The user's own hold is the member tier's last spot until it runs out, 200 ms from now.
    markSoldOut(fake, 'member')
    const getInventory = fake.backend.api.getInventory
    fake.backend.api.getInventory = async () => {
      const items = await getInventory()
      fake.backend.state.inventory = items.map((item) => ({ ...item, status: 'available' }))
      return items
    }
    openPage('/ja/mypage/registration', fake)
    expect(
      await screen.findByText('購入手続きの有効期限が切れました。もう一度登録してください。', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy()
    const member = await screen.findByRole('radio', { name: /^一般参加.*受付中/ })
    expect((member as HTMLInputElement).disabled).toBe(false)
    expect(fake.backend.state.requests.filter((request) => request.method === 'getInventory')).toHaveLength(2)
    fireEvent.click(screen.getByRole('checkbox', { name: '参加規約に同意します' }))
    await click('button', 'もう一度参加登録する')
    expect(fake.navigatedTo).toEqual(['https://checkout.example.com/c/pay/cs_test_1'])
  })

  it('says sold out when the last spot went meanwhile', async () => {
    const fake = signedIn()
    openPage('/ja/mypage/registration', fake)
    fireEvent.click(await screen.findByRole('radio', { name: /^一般参加/ }))
    await type(/バッジ名/, 'ケモ')
    fireEvent.click(screen.getByRole('checkbox', { name: '参加規約に同意します' }))
    fake.backend.fail('postRegistration', new ProductError('soldOut', 409))
    await click('button', 'お支払いへ進む')
    expect((await screen.findByRole('alert')).textContent).toBe('売り切れました。')
  })
})

describe('account, profile and additional info', () => {
  it('refuses a new password equal to the current one, and changes it otherwise', async () => {
    const fake = signedIn({ password: 'current-pass-1' })
    openPage('/ja/mypage/account', fake)
    await heading('アカウント')
    expect(await screen.findByText(/kemo@example.com（確認済み）/)).toBeTruthy()
    await type(/現在のパスワード/, 'current-pass-1')
    await type(/新しいパスワード/, 'current-pass-1')
    expect(await screen.findByText('新しいパスワードが現在のパスワードと同じです。')).toBeTruthy()
    await type(/新しいパスワード/, 'another-pass-2')
    await click('button', 'パスワードを変更する')
    expect(await screen.findByText('パスワードを変更しました。')).toBeTruthy()
    expect(fake.cognito.users.get(email)?.password).toBe('another-pass-2')
  })

  it('changes the email address once the code sent to it is verified', async () => {
    const fake = signedIn()
    const { recorded } = openPage('/ja/mypage/account', fake)
    await type(/新しいメールアドレス/, 'new@example.com')
    await click('button', '確認コードを送信する')
    await heading('新しいメールアドレスの確認')
    expect(screen.getByText('new@example.com に送った6桁の確認コードを入力してください。')).toBeTruthy()
    await type(/確認コード/, '123456')
    await click('button', '確認する')
    await heading('アカウント')
    expect(recorded.location.pathname).toBe('/ja/mypage/account')
    expect(await screen.findByText('メールアドレスを変更しました。')).toBeTruthy()
    expect(fake.cognito.users.has('new@example.com')).toBe(true)
  })

  it('creates a profile, validating each URL on input', async () => {
    const fake = signedIn()
    openPage('/ja/mypage/profile', fake)
    await heading('プロフィール')
    await type(/ハンドルネーム/, 'ケモ')
    fireEvent.click(screen.getByRole('radio', { name: '公開' }))
    await click('button', 'リンクを追加')
    fireEvent.change(await screen.findByRole('textbox', { name: /^リンク 1/ }), {
      target: { value: 'javascript:alert(1)' },
    })
    expect(await screen.findByText('URLが不正です')).toBeTruthy()
    fireEvent.change(await screen.findByRole('textbox', { name: /^リンク 1/ }), {
      target: { value: 'https://x.com/kemo' },
    })
    await click('button', 'プロフィールを作成する')
    expect(await screen.findByText('保存しました。')).toBeTruthy()
    expect(fake.backend.state.profile).toEqual({
      privacy: 'public',
      handleName: 'ケモ',
      linkUrls: ['https://x.com/kemo'],
    })
  })

  it('says while typing which character a handle name cannot hold, in Japanese', async () => {
    const fake = signedIn()
    openPage('/ja/mypage/profile', fake)
    await heading('プロフィール')
    await type(/ハンドルネーム/, 'ケモ\u0000')
    expect(
      await screen.findByText('ハンドルネームに使用できない文字（U+0000）が含まれています。'),
    ).toBeTruthy()
    await type(/ハンドルネーム/, '\u2067ケモ')
    expect(
      await screen.findByText('ハンドルネームに使用できない文字（U+2067）が含まれています。'),
    ).toBeTruthy()
    await click('button', 'リンクを追加')
    fireEvent.change(await screen.findByRole('textbox', { name: /^リンク 1/ }), {
      target: { value: 'https://x.com/\u202Ekemo' },
    })
    expect(await screen.findByText('URLが不正です')).toBeTruthy()
    await click('button', 'プロフィールを作成する')
    expect(fake.backend.state.profile).toBeNull()
  })

  it('takes the X username only once paid, and validates it', async () => {
    const fake = signedIn()
    const { unmount } = openPage('/ja/mypage/registration-additional-info', fake)
    expect(await screen.findByText('追加情報は、参加登録のお支払いが済んだ後に登録できます。')).toBeTruthy()
    unmount()
    fake.backend.state.registration = paidRegistration('member')
    fake.account.cache.clear()
    openPage('/ja/mypage/registration-additional-info', fake)
    await type(/Xのユーザー名/, 'not valid!')
    expect(await screen.findByText('Xのユーザー名が不正です')).toBeTruthy()
    await type(/Xのユーザー名/, 'kemo_fes')
    await click('button', '保存する')
    expect(await screen.findByText('保存しました。')).toBeTruthy()
    expect(fake.backend.state.additionalInfo).toEqual({ clubActivityXUsername: 'kemo_fes' })
    // A new submit that does not save takes the earlier "saved" away, and focus goes to what is wrong.
    await type(/Xのユーザー名/, 'still not valid!')
    await click('button', '保存する')
    await waitFor(() => expect(screen.queryByText('保存しました。')).toBeNull())
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Xのユーザー名/ })),
    )
    expect(fake.backend.state.additionalInfo).toEqual({ clubActivityXUsername: 'kemo_fes' })
  })
})

describe('registration code', () => {
  beforeEach(async () => {
    await clearRegistrationCode()
  })

  it('shows the QR with badge name and tier, and keeps the code for 7 days and offline', async () => {
    const fake = signedIn()
    fake.backend.state.registrationCode = jwsRegistrationCode('ケモ')
    renderApp('/ja/registration-code', { account: fake.account })
    const qr = await screen.findByRole('img', { name: '受付コードのQRコード' })
    expect(qr.tagName.toLowerCase()).toBe('svg')
    expect(screen.getByText('ケモ')).toBeTruthy()
    expect(screen.getByText('スポンサー参加')).toBeTruthy()
    expect(fake.account.storage.get('registrationJwtToken')).toBe(fake.backend.state.registrationCode)
    const stored = JSON.parse(fake.keyValueStorage.getItem('registrationJwtToken') ?? '{}') as {
      expiresAt: number
    }
    expect(stored.expiresAt).toBe(now + 7 * 24 * 3_600_000)
    await waitFor(async () => expect((await loadRegistrationCode())?.badgeName).toBe('ケモ'))
  })

  it('shows the kept code when the network is down', async () => {
    const fake = signedIn()
    await openWithKeptCodeOnly('/ja/registration-code', fake, {
      text: jwsRegistrationCode('オフライン', 'member'),
      badgeName: 'オフライン',
      expiresAt: now + 3_600_000,
      savedAt: now - 1000,
    })
    expect(
      await screen.findByText('オフラインのため、この端末に保存した受付コードを表示しています。'),
    ).toBeTruthy()
    expect(screen.getByText('オフライン')).toBeTruthy()
    expect(screen.getByRole('img', { name: '受付コードのQRコード' })).toBeTruthy()
  })

  it('gives the spec messages for no code, a failure and an invalid code', async () => {
    const fake = signedIn()
    const { unmount } = renderApp('/ja/registration-code', { account: fake.account })
    expect((await screen.findByRole('alert')).textContent).toBe(
      '有効な受付コードが見つかりません。ダッシュボードに戻って再生成してください。',
    )
    unmount()
    fake.backend.fail('getRegistrationCode', new ProductError('registrationCodeGenerationFailed', 500))
    const second = renderApp('/ja/registration-code', { account: fake.account })
    expect((await screen.findByRole('alert')).textContent).toBe('受付コードの生成に失敗しました。')
    second.unmount()
    fake.backend.state.registrationCode = 'not.a.code'
    renderApp('/ja/registration-code', { account: fake.account })
    expect((await screen.findByRole('alert')).textContent).toBe('受付コードが無効です。')
    expect(within(screen.getByRole('main')).queryByRole('img')).toBeNull()
  })
})

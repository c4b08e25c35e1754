import type { Decline, Funding } from './cards.ts'
import type { FormProblem } from './emulator.ts'

export type Language = 'ja' | 'en'

const en = {
  pageTitle: 'Pay with card',
  testMode: 'Test mode',
  languageSwitch: 'Language',
  orderSummary: 'Order summary',
  quantity: 'Quantity',
  total: 'Total',
  payWithCard: 'Pay with card',
  email: 'Email',
  cardNumber: 'Card number',
  expiry: 'Expiration date (MM/YY)',
  cvc: 'Security code (CVC)',
  cvcHint: '3 digits on the back of the card; 4 on the front for American Express.',
  cardholderName: 'Name on card',
  detectedBrand: 'Card brand:',
  brandUnknown: 'not recognised yet',
  acceptedBrands:
    'Accepted: Visa, Mastercard, American Express, JCB, Diners Club, Discover, debit and prepaid cards.',
  pay: 'Pay {amount}',
  back: 'Cancel and go back',
  errorSummary: 'The payment did not go through:',
  testCards: 'Test card numbers',
  testCardsHint: 'Any future expiry date, any CVC and any name work with these numbers.',
  testCardColumns: { number: 'Number', brand: 'Brand', result: 'Result' },
  funding: { credit: 'credit', debit: 'debit', prepaid: 'prepaid' } satisfies Record<Funding, string>,
  outcomeSucceeds: 'succeeds',
  outcomeDeclined: 'declined',
  expiredTitle: 'This checkout session has expired',
  expiredBody: 'The time to pay has run out. Start again from the site to get a new payment page.',
  completeTitle: 'This payment is complete',
  completeBody: 'Thank you. The payment has already been made; nothing more is needed.',
  returnToSite: 'Return to the site',
  continue: 'Continue',
  notFoundTitle: 'Payment page not found',
  notFoundBody: 'This link does not lead to a checkout session. Check the link or start again from the site.',
  problems: {
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration month is invalid.",
    expiry_in_past: "Your card's expiration date is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
    invalid_cvc: "Your card's security code is invalid.",
    missing_name: 'Enter the name on the card.',
    invalid_email: 'Your email address is invalid.',
  } satisfies Record<FormProblem, string>,
  declines: {
    generic_decline: 'Your card was declined.',
    insufficient_funds: 'Your card has insufficient funds.',
    lost_card: 'Your card was declined.',
    stolen_card: 'Your card was declined.',
    expired_card: 'Your card has expired.',
    incorrect_cvc: "Your card's security code is incorrect.",
    processing_error: 'An error occurred while processing your card. Try again in a little bit.',
    live_card_in_test_mode:
      'Your card was declined. Your request was in test mode, but used a non test card. Use one of the test card numbers listed below.',
  } satisfies Record<Decline, string>,
}

export type Messages = typeof en

/** `Messages` is taken from the English text, so a key missing in Japanese is a type error. */
const ja: Messages = {
  pageTitle: 'カードで支払う',
  testMode: 'テストモード',
  languageSwitch: '言語',
  orderSummary: 'ご注文内容',
  quantity: '数量',
  total: '合計',
  payWithCard: 'カードで支払う',
  email: 'メールアドレス',
  cardNumber: 'カード番号',
  expiry: '有効期限 (MM/YY)',
  cvc: 'セキュリティコード (CVC)',
  cvcHint: 'カード裏面の3桁の数字（American Express は表面の4桁）です。',
  cardholderName: 'カード名義人',
  detectedBrand: 'カードブランド:',
  brandUnknown: '未判定',
  acceptedBrands:
    'ご利用いただけるカード: Visa、Mastercard、American Express、JCB、Diners Club、Discover、デビットカード、プリペイドカード。',
  pay: '{amount} を支払う',
  back: 'キャンセルして戻る',
  errorSummary: 'お支払いを完了できませんでした:',
  testCards: 'テスト用カード番号',
  testCardsHint: 'これらの番号では、未来の有効期限・任意のCVC・任意の名義で動作します。',
  testCardColumns: { number: '番号', brand: 'ブランド', result: '結果' },
  funding: { credit: 'クレジット', debit: 'デビット', prepaid: 'プリペイド' },
  outcomeSucceeds: '成功',
  outcomeDeclined: '拒否',
  expiredTitle: 'このお支払いページは有効期限が切れました',
  expiredBody: 'お支払いの期限が過ぎました。サイトからもう一度お手続きください。',
  completeTitle: 'お支払いは完了しています',
  completeBody: 'ありがとうございました。お支払いはすでに完了しています。',
  returnToSite: 'サイトに戻る',
  continue: '続ける',
  notFoundTitle: 'お支払いページが見つかりません',
  notFoundBody:
    'このリンクに対応するお支払いはありません。リンクを確認するか、サイトからもう一度お手続きください。',
  problems: {
    incomplete_number: 'カード番号が不完全です。',
    invalid_number: 'カード番号が無効です。',
    incomplete_expiry: 'カードの有効期限が不完全です。',
    invalid_expiry_month: 'カードの有効期限の月が無効です。',
    expiry_in_past: 'カードの有効期限が過去の日付です。',
    incomplete_cvc: 'カードのセキュリティコードが不完全です。',
    invalid_cvc: 'カードのセキュリティコードが無効です。',
    missing_name: 'カード名義人を入力してください。',
    invalid_email: 'メールアドレスが無効です。',
  },
  declines: {
    generic_decline: 'カードが拒否されました。',
    insufficient_funds: 'カードの残高が不足しています。',
    lost_card: 'カードが拒否されました。',
    stolen_card: 'カードが拒否されました。',
    expired_card: 'カードの有効期限が切れています。',
    incorrect_cvc: 'カードのセキュリティコードが正しくありません。',
    processing_error: 'カードの処理中にエラーが発生しました。しばらくしてからもう一度お試しください。',
    live_card_in_test_mode:
      'カードが拒否されました。テストモードでは実際のカードは使えません。下のテスト用カード番号をお使いください。',
  },
}

export const messages: Record<Language, Messages> = { ja, en }

/** `?lang=` first, then the session's locale, then the browser's Accept-Language; Japanese by default. */
export function pickLanguage(
  query: string | undefined,
  sessionLocale: string | null | undefined,
  acceptLanguage: string | undefined,
): Language {
  if (query === 'ja' || query === 'en') return query
  if (sessionLocale === 'ja' || sessionLocale?.startsWith('en')) return sessionLocale === 'ja' ? 'ja' : 'en'
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';')
      const q = options
        .map((option) => /^\s*q=([\d.]+)\s*$/.exec(option)?.[1])
        .find((value) => value !== undefined)
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const preferred = ranked.find((entry) => entry.base === 'ja' || entry.base === 'en')?.base
  return preferred === 'en' ? 'en' : 'ja'
}

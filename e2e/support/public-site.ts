// The public site as a visitor sees it: every route of the site with its Japanese title and its main
// heading in each language. Written out here, independently of the app's own tables, so the tests check them.

const siteName = '東京ふぁーりーフェス 2025'

export interface PublicRoute {
  path: string
  title: string
  heading: { ja: string; en: string }
  /** Pages without the site navigation (docs/requirements.md SITE-7). */
  navigation?: false
}

export const publicRoutes: readonly PublicRoute[] = [
  { path: '', title: 'トップ', heading: { ja: siteName, en: 'Tokyo Furry Fes 2025' } },
  { path: 'top', title: 'トップ', heading: { ja: siteName, en: 'Tokyo Furry Fes 2025' } },
  { path: 'about', title: 'イベント概要', heading: { ja: 'イベント概要', en: 'About the event' } },
  {
    path: 'about-club-activities',
    title: '部活動について',
    heading: { ja: '部活動について', en: 'About club activities' },
  },
  {
    path: 'establish-new-club-activity',
    title: '新しい部活動の設立',
    heading: { ja: '新しい部活動の設立', en: 'Found a new club' },
  },
  { path: 'club-activities-list', title: '部活動一覧', heading: { ja: '部活動一覧', en: 'Club activities' } },
  { path: 'wanted-list', title: '募集一覧', heading: { ja: '募集一覧', en: 'Open calls' } },
  {
    path: 'journalism-club-works-wanted',
    title: '新聞部 作品募集',
    heading: { ja: '新聞部 作品募集', en: 'Journalism club: call for works' },
  },
  { path: 'faq', title: 'よくある質問', heading: { ja: 'よくある質問', en: 'FAQ' } },
  {
    path: 'specified-commercial-transaction-act',
    title: '特定商取引法に基づく表記',
    heading: {
      ja: '特定商取引法に基づく表記',
      en: 'Notation under the Specified Commercial Transactions Act',
    },
  },
  {
    path: 'about-registration',
    title: '参加登録について',
    heading: { ja: '参加登録について', en: 'About registration' },
  },
  { path: 'timetable', title: 'タイムテーブル', heading: { ja: 'タイムテーブル', en: 'Timetable' } },
  { path: 'venue-map', title: '会場マップ', heading: { ja: '会場マップ', en: 'Venue map' } },
  {
    path: 'participants-profile',
    title: '参加者プロフィール',
    heading: { ja: '参加者プロフィール', en: "Participants' profiles" },
  },
  { path: 'participation-rules', title: '参加規約', heading: { ja: '参加規約', en: 'Participation rules' } },
  {
    path: 'privacy-policy',
    title: 'プライバシーポリシー',
    heading: { ja: 'プライバシーポリシー', en: 'Privacy policy' },
  },
  {
    path: 'teaser',
    title: '開催告知',
    heading: { ja: '東京ふぁーりーフェス 2025 開催決定！', en: 'Tokyo Furry Fes 2025 is coming!' },
  },
  {
    path: 'for-investigation',
    title: 'サービス概要（審査用）',
    heading: { ja: 'サービス概要（審査用）', en: 'Service overview (for review)' },
    navigation: false,
  },
  {
    path: 'registration-code',
    title: '受付コード',
    heading: { ja: '受付コード', en: 'Reception code' },
    navigation: false,
  },
]

export const languages = ['ja', 'en'] as const

export const pageUrl = (language: (typeof languages)[number], path: string) =>
  path ? `/${language}/${path}` : `/${language}`

export const fullTitle = (title: string) => `${title} | ${siteName}`

export const statusTexts = {
  networkError: 'ネットワークエラーが発生しました。しばらく時間をおいて、再度アクセスしてください。',
  maintenance: 'ただいまメンテナンス中です。大変恐れ入りますが、しばらくお待ちください。',
  networkErrorEn: 'A network error occurred. Please wait a while and try again.',
  maintenanceEn:
    'We are currently under maintenance. We apologise for the inconvenience; please wait a while.',
}

/** Resolves once the app has started on the page: before that, links are plain prerendered anchors. */
export async function appStarted(page: import('@playwright/test').Page) {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' })
}

// The public site as a visitor sees it: every route of the site with its Japanese title and its main
// heading in each language. Written out here, independently of the app's own tables, so the tests check them.

import type { Edition } from '@furfes/core'

export interface PublicRoute {
  path: string
  title: string
  /** `edition`: the edition's name (the top page); `{name}` in a heading stands for it. */
  heading: { ja: string; en: string } | 'edition'
  /** Pages without the site navigation (docs/requirements.md SITE-7). */
  navigation?: false
}

/** A page whose Japanese heading is its title. */
function page(
  path: string,
  title: string,
  en: string,
  more: Pick<PublicRoute, 'navigation'> = {},
): PublicRoute {
  return { path, title, heading: { ja: title, en }, ...more }
}

const top = { title: 'トップ', heading: 'edition' as const }

/**
 * A route's main heading. The top page's is the edition's name: the one the site was built with (core's first
 * edition) in the prerendered HTML, the one the API serves once the page has read it (docs/decisions/160).
 */
export function headingOf(
  route: PublicRoute,
  language: (typeof languages)[number],
  edition: Pick<Edition, 'name'>,
): string {
  return route.heading === 'edition'
    ? edition.name[language]
    : route.heading[language].replace('{name}', edition.name[language])
}

export const publicRoutes: readonly PublicRoute[] = [
  { path: '', ...top },
  { path: 'top', ...top },
  page('about', 'イベント概要', 'About the event'),
  page('about-club-activities', '部活動について', 'About club activities'),
  page('establish-new-club-activity', '新しい部活動の設立', 'Found a new club'),
  page('club-activities-list', '部活動一覧', 'Club activities'),
  page('wanted-list', '募集一覧', 'Open calls'),
  page('journalism-club-works-wanted', '新聞部 作品募集', 'Journalism club: call for works'),
  page('faq', 'よくある質問', 'FAQ'),
  page(
    'specified-commercial-transaction-act',
    '特定商取引法に基づく表記',
    'Notation under the Specified Commercial Transactions Act',
  ),
  page('about-registration', '参加登録について', 'About registration'),
  page('timetable', 'タイムテーブル', 'Timetable'),
  page('venue-map', '会場マップ', 'Venue map'),
  page('participants-profile', '参加者プロフィール', "Participants' profiles"),
  page('participation-rules', '参加規約', 'Participation rules'),
  page('privacy-policy', 'プライバシーポリシー', 'Privacy policy'),
  {
    path: 'teaser',
    title: '開催告知',
    heading: { ja: '{name} 開催決定！', en: '{name} is coming!' },
  },
  page('for-investigation', 'サービス概要（審査用）', 'Service overview (for review)', { navigation: false }),
  page('registration-code', '受付コード', 'Registration code', { navigation: false }),
]

export const languages = ['ja', 'en'] as const

export const pageUrl = (language: (typeof languages)[number], path: string) =>
  path ? `/${language}/${path}` : `/${language}`

/**
 * A page's document title: its Japanese name and the edition's, the one the API serves once the page has read it
 * (docs/decisions/163-the-edition-names-the-sites.md).
 */
export const fullTitle = (title: string, edition: Pick<Edition, 'name'>) => `${title} | ${edition.name.ja}`

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

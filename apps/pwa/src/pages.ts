import type { Language } from '@furfes/core'
import type { ComponentType } from 'react'

/**
 * Every public and status page of the site, in the order the site map lists them. The route table,
 * the navigation, the prerender step and the tests all read this one list.
 */
const pageIds = [
  'top',
  'about',
  'about-registration',
  'timetable',
  'venue-map',
  'participation-rules',
  'faq',
  'about-club-activities',
  'club-activities-list',
  'establish-new-club-activity',
  'wanted-list',
  'journalism-club-works-wanted',
  'participants-profile',
  'specified-commercial-transaction-act',
  'privacy-policy',
  'contact-us',
  'teaser',
  'for-investigation',
  'registration-code',
  'network-error',
  'maintenance',
] as const
export type PageId = (typeof pageIds)[number]

export interface PageDefinition {
  id: PageId
  /** The path after the language prefix; the top page is the empty path (and also `top`). */
  path: string
  /** The page's module, with its copy in the address's language when the page loads that apart (decision 209). */
  load: (language: Language) => Promise<{ default: ComponentType }>
  /** `bare` pages show no navigation: for-investigation and registration-code (docs/requirements.md SITE-7). */
  chrome: 'site' | 'bare'
  /**
   * Whether the build writes the page's HTML for each language. Status pages (they send a direct visit to the
   * top page), contact-us (it leaves the site) and registration-code (personal) are rendered in the browser.
   */
  prerender: boolean
}

/**
 * A page's module: its component, or, for a page whose copy is one JSON file per language, `withCopy`, which
 * loads the copy of one language and binds the component to it (`pageWithCopy` in content/Page.tsx). The loader
 * of the two copies lives in the page's own chunk, not here in the entry every page downloads (decision 209).
 */
type PageModule = { default: ComponentType } | { withCopy: (language: Language) => Promise<ComponentType> }

const page = (
  id: PageId,
  load: () => Promise<PageModule>,
  options: Partial<Pick<PageDefinition, 'chrome' | 'prerender' | 'path'>> = {},
): PageDefinition => ({
  id,
  path: options.path ?? id,
  load: (language) =>
    load().then((module) =>
      'withCopy' in module ? module.withCopy(language).then((component) => ({ default: component })) : module,
    ),
  chrome: options.chrome ?? 'site',
  prerender: options.prerender ?? true,
})

/** A status page: one export of StatusPage.tsx, rendered in the browser only. */
const statusPage = (id: PageId, name: 'NetworkErrorPage' | 'MaintenancePage'): PageDefinition =>
  page(id, () => import('./pages/StatusPage.tsx').then((m) => ({ default: m[name] })), { prerender: false })

export const pages: readonly PageDefinition[] = [
  page('top', () => import('./pages/TopPage.tsx'), { path: '' }),
  page('about', () => import('./pages/AboutPage.tsx')),
  page('about-registration', () => import('./pages/AboutRegistrationPage.tsx')),
  page('timetable', () => import('./pages/TimetablePage.tsx')),
  page('venue-map', () => import('./pages/VenueMapPage.tsx')),
  page('participation-rules', () => import('./pages/ParticipationRulesPage.tsx')),
  page('faq', () => import('./pages/FaqPage.tsx')),
  page('about-club-activities', () => import('./pages/AboutClubActivitiesPage.tsx')),
  page('club-activities-list', () => import('./pages/ClubActivitiesListPage.tsx')),
  page('establish-new-club-activity', () => import('./pages/EstablishNewClubActivityPage.tsx')),
  page('wanted-list', () => import('./pages/WantedListPage.tsx')),
  page('journalism-club-works-wanted', () => import('./pages/JournalismClubWorksWantedPage.tsx')),
  page('participants-profile', () => import('./pages/ParticipantsProfilePage.tsx')),
  page(
    'specified-commercial-transaction-act',
    () => import('./pages/SpecifiedCommercialTransactionActPage.tsx'),
  ),
  page('privacy-policy', () => import('./pages/PrivacyPolicyPage.tsx')),
  page('contact-us', () => import('./pages/ContactUsPage.tsx'), { prerender: false }),
  page('teaser', () => import('./pages/TeaserPage.tsx')),
  page('for-investigation', () => import('./pages/ForInvestigationPage.tsx'), { chrome: 'bare' }),
  page('registration-code', () => import('./pages/RegistrationCodePage.tsx'), {
    chrome: 'bare',
    prerender: false,
  }),
  statusPage('network-error', 'NetworkErrorPage'),
  statusPage('maintenance', 'MaintenancePage'),
]

export function pageById(id: PageId): PageDefinition {
  const found = pages.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`No page ${id}`)
  return found
}

/** The page an address shows (`/en/faq` → faq, `/ja` and `/ja/top` → top), if it is one of these pages. */
export function pageForPath(pathname: string): PageDefinition | undefined {
  const [, , ...rest] = pathname.split('/')
  const path = rest.join('/').replace(/\/+$/, '')
  return pages.find((page) => page.path === path || (page.id === 'top' && path === 'top'))
}

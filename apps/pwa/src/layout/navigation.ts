import type { PageId } from '../pages.ts'

/** Links to the account area, which a later issue builds; they sit where they will stay. */
type AccountLink = 'mypage' | 'sign-in'

export interface NavigationGroup {
  id: 'event' | 'clubs' | 'participants' | 'info'
  links: readonly (PageId | AccountLink)[]
}

/** The site map: the menu and the footer list every public page in these groups. */
export const navigationGroups: readonly NavigationGroup[] = [
  {
    id: 'event',
    links: ['about', 'about-registration', 'timetable', 'venue-map', 'participation-rules', 'faq'],
  },
  {
    id: 'clubs',
    links: [
      'about-club-activities',
      'club-activities-list',
      'establish-new-club-activity',
      'wanted-list',
      'journalism-club-works-wanted',
    ],
  },
  { id: 'participants', links: ['participants-profile', 'mypage', 'sign-in'] },
  { id: 'info', links: ['specified-commercial-transaction-act', 'privacy-policy', 'contact-us'] },
]

/** The few pages the header shows on wide screens; everything else is one tap away in the menu. */
export const primaryLinks: readonly PageId[] = [
  'about',
  'about-registration',
  'timetable',
  'venue-map',
  'faq',
]

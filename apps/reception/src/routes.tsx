import { LinearProgress } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { Navigate, type RouteObject } from 'react-router'
import { AdminGate } from './auth/AdminGate.tsx'
import { SignInPage } from './auth/SignInPage.tsx'
import { AdminLayout } from './layout/AdminLayout.tsx'
import { LanguageLayout } from './layout/LanguageLayout.tsx'
import { ParticipantsPage } from './participants/ParticipantsPage.tsx'
import { ScanPage } from './scan/ScanPage.tsx'
import { SettingsPage } from './settings/SettingsPage.tsx'
import { AuditPage } from './staff/AuditPage.tsx'
import { StaffPage } from './staff/StaffPage.tsx'
import { WaitingListPage } from './waiting-list/WaitingListPage.tsx'

/** Shown while a lazily loaded page's code arrives (the dashboard's charts, the badge sheets). */
function PageLoading() {
  const { t } = useTranslation('reception')
  return <LinearProgress aria-label={t('pageLoading')} />
}

function ToCurrentLanguage() {
  const { i18n } = useTranslation()
  return <Navigate replace to={`/${i18n.language === 'en' ? 'en' : 'ja'}/admin`} />
}

/**
 * The spec's admin routes, `/{lang}/admin-sign-in` and `/{lang}/admin` (the participant list), which the
 * PWA's routes of the same names lead to, plus the scanner, the dashboard, the waiting list, the settings and
 * the badge sheets.
 */
export function createRoutes(): RouteObject[] {
  return [
    { index: true, Component: ToCurrentLanguage },
    {
      path: ':lang',
      Component: LanguageLayout,
      children: [
        { index: true, element: <Navigate replace to="admin" /> },
        { path: 'admin-sign-in', Component: SignInPage },
        {
          path: 'admin',
          Component: AdminGate,
          children: [
            {
              Component: AdminLayout,
              children: [
                { index: true, Component: ParticipantsPage },
                { path: 'scan', Component: ScanPage },
                { path: 'settings', Component: SettingsPage },
                // Loaded when opened: the scanner's first load does not carry the badge sheets.
                {
                  path: 'badges',
                  lazy: async () => ({ Component: (await import('./badges/BadgesPage.tsx')).BadgesPage }),
                  // Opened straight (a reload on this page), the router waits for the module before drawing.
                  HydrateFallback: PageLoading,
                },
                { path: 'waiting-list', Component: WaitingListPage },
                // The committee's edition settings: loaded when opened, out of the door's first load.
                {
                  path: 'edition',
                  lazy: async () => ({ Component: (await import('./editions/EditionPage.tsx')).EditionPage }),
                  HydrateFallback: PageLoading,
                },
                // The committee's timetable editor (decision 172): loaded when opened, like the edition settings.
                {
                  path: 'timetable',
                  lazy: async () => ({
                    Component: (await import('./timetable/TimetableEditorPage.tsx')).TimetableEditorPage,
                  }),
                  HydrateFallback: PageLoading,
                },
                // The committee's announcements (decision 173): loaded when opened, like the timetable editor.
                {
                  path: 'announcements',
                  lazy: async () => ({
                    Component: (await import('./announcements/AnnouncementsPage.tsx')).AnnouncementsPage,
                  }),
                  HydrateFallback: PageLoading,
                },
                { path: 'staff', Component: StaffPage },
                { path: 'audit', Component: AuditPage },
                // Loaded on first visit: the chart library stays out of the scanner's first load (decision 131).
                {
                  path: 'dashboard',
                  lazy: async () => ({
                    Component: (await import('./dashboard/DashboardPage.tsx')).DashboardPage,
                  }),
                  HydrateFallback: PageLoading,
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate replace to="admin" /> },
      ],
    },
  ]
}

import type { StaffAction } from '@furfes/core'
import { ConfirmDialog, usePhrases } from '@furfes/ui'
import { Alert, AppBar, Box, Button, Stack, Tab, Tabs, Toolbar, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigate, useParams } from 'react-router'
import { useReceptionSnapshot } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { signOutAndForget } from '../app/sign-out.ts'
import { useStaffAccess } from '../auth/staff-access.tsx'
import { addressInEdition, useChosenEdition } from '../editions/past-edition.ts'
import { ReceptionLanguageSwitch } from './ReceptionLanguageSwitch.tsx'
import { SyncStatus } from './SyncStatus.tsx'

const sections = [
  'scan',
  'participants',
  'waiting-list',
  'dashboard',
  'edition',
  'timetable',
  'announcements',
  'settings',
  'staff',
  'audit',
] as const
type Section = (typeof sections)[number]

/** What a role must be allowed to see a section (decision 156); the badge sheets are a reprint. */
const sectionActions: Record<Section | 'badges', StaffAction> = {
  scan: 'scan',
  participants: 'search',
  'waiting-list': 'manageWaitingList',
  dashboard: 'viewFigures',
  edition: 'editEditions',
  timetable: 'editTimetable',
  announcements: 'publishAnnouncements',
  settings: 'switchFlags',
  staff: 'manageStaff',
  audit: 'readAudit',
  badges: 'reprintBadge',
}

function sectionOf(pathname: string): Section {
  const last = pathname.split('/')[3]
  return sections.find((section) => section === last) ?? 'participants'
}

/** The sections that show a chosen past edition (decision 158): their tabs keep it. */
const sectionsWithEdition: ReadonlySet<Section> = new Set(['participants', 'waiting-list', 'dashboard'])

function pathOf(lang: string, section: Section, edition: string | undefined): string {
  const path = section === 'participants' ? `/${lang}/admin` : `/${lang}/admin/${section}`
  return addressInEdition(path, sectionsWithEdition.has(section) ? edition : undefined)
}

/** The staff screens' frame: sections, the sync state (always visible), language and sign-out. */
export function AdminLayout() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const { lang = 'ja' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const services = useServices()
  const { pendingCount } = useReceptionSnapshot()
  const current = sectionOf(location.pathname)
  const access = useStaffAccess()
  const edition = useChosenEdition()
  const allowed = sections.filter((section) => access.may(sectionActions[section]))
  const onBadges = location.pathname.split('/')[3] === 'badges'
  const mayOpen = access.may(sectionActions[onBadges ? 'badges' : current])

  const [asking, setAsking] = useState(false)
  const [signingOut, setSigningOut] = useState(false)

  const signOut = async () => {
    setSigningOut(true)
    try {
      await signOutAndForget(services)
    } finally {
      void navigate(`/${lang}/admin-sign-in`, { replace: true })
    }
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {/* The festival's pink bar with its mark, as on the site (decision 127); the sections below it on the
          page's surface, where each tab's text keeps 4.5:1 and the open one is told by colour, weight and a
          thick bar together (decision 188). */}
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <img src="/favicon.svg" alt="" width={32} height={32} style={{ flex: 'none' }} />
            <Typography variant="h6" component="p" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
              {t('appName')}
            </Typography>
          </Stack>
          <Box sx={{ flexGrow: 1 }} />
          <SyncStatus />
          <ReceptionLanguageSwitch />
          <Button
            color="inherit"
            disabled={signingOut}
            onClick={() => (pendingCount > 0 ? setAsking(true) : void signOut())}
          >
            {phrase(t('nav.signOut'))}
          </Button>
        </Toolbar>
        {/* Scrollable, with arrows whenever the sections do not all fit (a phone), so it shows that there is
            more (decision 182). */}
        <Tabs
          value={allowed.includes(current) ? current : false}
          aria-label={t('nav.label')}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{
            bgcolor: 'background.paper',
            color: 'text.primary',
            borderBottom: 1,
            borderColor: 'divider',
            '& .MuiTab-root': { opacity: 1, color: 'text.primary', whiteSpace: 'nowrap' },
            '& .MuiTab-root.Mui-selected': { color: 'primary.main', fontWeight: 700 },
            '& .MuiTabs-indicator': { height: 4, backgroundColor: 'primary.main' },
          }}
        >
          {allowed.map((section) => (
            <Tab
              key={section}
              value={section}
              label={t(section === 'waiting-list' ? 'nav.waitingList' : `nav.${section}`)}
              href={pathOf(lang, section, edition)}
            />
          ))}
        </Tabs>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        {access.roles.length === 0 ? (
          <Alert severity="warning" sx={{ m: 2 }}>
            {t('access.noRole')}
          </Alert>
        ) : mayOpen ? (
          <Outlet />
        ) : (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('access.notAllowed')}
          </Alert>
        )}
      </Box>
      {/* Check-ins waiting for upload stay on the device and go up after the next sign-in; the participants and
          everything else synced are forgotten, so staff are told both before they choose (decision 077). */}
      <ConfirmDialog
        id="sign-out-confirm"
        open={asking}
        title={t('nav.signOutTitle')}
        consequence={t('nav.signOutPending', { count: pendingCount })}
        keepLabel={t('nav.signOutKeep')}
        confirmLabel={t('nav.signOutConfirm')}
        destructive
        busy={signingOut}
        onKeep={() => setAsking(false)}
        onConfirm={() => void signOut()}
      />
    </Box>
  )
}

import type { Language } from '@furfes/core'
import { CloseIcon, LanguageSwitch, MenuIcon, ThemeModeSwitch } from '@furfes/ui'
import { AppBar, Box, Button, Container, IconButton, Link, Toolbar } from '@mui/material'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigationType } from 'react-router'
import { useServices } from '../app/services.tsx'
import { useEditionPart } from '../app/useEdition.ts'
import { localizedPath, sameLocationIn } from '../language.ts'
import { Footer } from './Footer.tsx'
import { primaryLinks } from './navigation.ts'
import { SiteMap } from './SiteMap.tsx'
import { SkipLink } from './SkipLink.tsx'
import { useLanguage } from './useLanguage.ts'

// The urgent announcements (docs/decisions/173-announcements.md): their module loads once the page has started,
// so it is in no page's first JavaScript, and their banner only when there is one (decision 187).
const UrgentAnnouncements = lazy(() => import('../announcements/UrgentAnnouncements.tsx'))

/** Header with navigation, the page, and the footer with the site map: every page but the bare ones. */
export function SiteLayout() {
  const language = useLanguage()
  const mainRef = useFocusMainOnNavigation()
  return (
    <>
      <SkipLink />
      <Header language={language} />
      <UrgentAnnouncementsOnceMounted />
      <Box component="main" id="main" ref={mainRef} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer language={language} />
    </>
  )
}

/**
 * Prerendered pages carry no banner: it is rendered in the browser once the page is up. The state that says so
 * lives here, not in the layout, so that setting it renders this alone and not the header, the page and the
 * footer a second time right after hydration (docs/decisions/203).
 */
function UrgentAnnouncementsOnceMounted() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <UrgentAnnouncements />
    </Suspense>
  )
}

/** Pages that hide the navigation (for-investigation, registration-code): the page alone. */
export function BareLayout() {
  const mainRef = useFocusMainOnNavigation()
  return (
    <>
      <SkipLink />
      <Box component="main" id="main" ref={mainRef} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
    </>
  )
}

/**
 * After a navigation inside the app the new page starts at its top (or at the fragment it names), and focus
 * moves to it so screen readers start reading it and keyboard users continue from there. Back and forward
 * keep the browser's own scroll restoration. The first page load leaves both where the browser puts them.
 */
function useFocusMainOnNavigation() {
  const ref = useRef<HTMLElement>(null)
  const { pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (navigationType !== 'POP') {
      const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
      if (target) target.scrollIntoView()
      else document.scrollingElement?.scrollTo?.(0, 0)
    }
    ref.current?.focus({ preventScroll: true })
  }, [pathname, hash, navigationType])
  return ref
}

function Header({ language }: { language: Language }) {
  const { t } = useTranslation('pwa')
  const edition = useEditionPart((state) => state.edition)
  const location = useLocation()
  const services = useServices()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  // A prerendered page was rendered without its query and fragment, and hydration keeps the server's
  // attributes: once mounted, the language links are rendered again with them.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const here = mounted ? location : { ...location, search: '', hash: '' }
  // A navigation closes the menu, so the new page is not hidden behind it.
  useEffect(() => setMenuOpen(false), [location.pathname])
  return (
    <AppBar position="static" color="primary" component="header">
      <Container maxWidth="lg" disableGutters>
        {/* The menu button's `edge="end"` pulls it 12 px right: the padding must cover that on a phone. */}
        <Toolbar sx={{ gap: 1, px: { xs: 1.5, sm: 2 } }}>
          <Link
            href={localizedPath(language)}
            color="inherit"
            underline="none"
            sx={{
              fontWeight: 700,
              // At 390 px the name beside the mark and the three controls has 159 px: at 16 px its first word
              // "東京ふぁーりーフェス" (160 px) broke inside itself; at 15 px it stays whole (decision 190).
              fontSize: { xs: '.94rem', sm: '1.25rem' },
              mr: 'auto',
              py: 1,
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              minWidth: 0,
            }}
          >
            {/* The site's mark (docs/decisions/127); the name beside it names the link: the current edition's. */}
            <img src="/favicon.svg" alt="" width={32} height={32} style={{ flex: 'none' }} />
            {edition.name[language]}
          </Link>
          <LanguageSwitch
            current={language}
            hrefFor={(other) => sameLocationIn(other, here)}
            onSelect={(other) => services.rememberLanguage(other)}
          />
          <ThemeModeSwitch />
          <IconButton
            color="inherit"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('site.closeMenu') : t('site.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            edge="end"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
        <Box
          component="nav"
          aria-label={t('site.primaryNavigation')}
          sx={{ display: { xs: 'none', md: 'flex' }, flexWrap: 'wrap', gap: 0.5, px: 2, pb: 1 }}
        >
          {primaryLinks.map((id) => (
            <Button key={id} color="inherit" href={localizedPath(language, id)} size="small">
              {t(`pages.${id}.title`)}
            </Button>
          ))}
          <Button color="inherit" href={localizedPath(language, 'mypage')} size="small" sx={{ ml: 'auto' }}>
            {t('navigation.mypage')}
          </Button>
        </Box>
      </Container>
      <Box
        id={menuId}
        component="nav"
        aria-label={t('site.menu')}
        hidden={!menuOpen}
        sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
      >
        {menuOpen && <SiteMap language={language} place="menu" />}
      </Box>
    </AppBar>
  )
}

import type { Language } from '@furfes/core'
import { RouterLink } from '@furfes/ui'
import { Box } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { localizedPath } from '../language.ts'
import { navigationGroups } from './navigation.ts'

/** Every public page in its group; the menu and the footer both show it. Plain markup in one styled grid. */
export function SiteMap({ language, place }: { language: Language; place: 'menu' | 'footer' }) {
  const { t } = useTranslation('pwa')
  // The footer's groups are headings after the page's; in the header menu they would come before its h1.
  const GroupTitle = place === 'footer' ? 'h2' : 'p'
  return (
    <Box
      sx={{
        maxWidth: 'lg',
        mx: 'auto',
        px: { xs: 2, sm: 3 },
        py: place === 'footer' ? 2 : 3,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        gap: 3,
        '& .group-title': { fontSize: '0.875rem', fontWeight: 700, m: 0, mb: 1, color: 'text.secondary' },
        '& ul': { listStyle: 'none', p: 0, m: 0 },
        '& a': { display: 'inline-block', py: 0.75, color: 'text.primary', textUnderlineOffset: '0.15em' },
        '& a:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {navigationGroups.map((group) => (
        // Groups of links inside the navigation, not regions of their own: a region named "部活動" here had the
        // name of the FAQ's and My Page's own sections, and two landmarks of one name cannot be told apart in a
        // screen reader's list of them (axe, landmark-unique). The group's title still heads it.
        <section key={group.id}>
          <GroupTitle className="group-title">{t(`navigation.groups.${group.id}`)}</GroupTitle>
          <ul>
            {group.links.map((id) => (
              <li key={id}>
                <RouterLink href={localizedPath(language, id)}>
                  {id === 'mypage' || id === 'sign-in' ? t(`navigation.${id}`) : t(`pages.${id}.title`)}
                </RouterLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Box>
  )
}

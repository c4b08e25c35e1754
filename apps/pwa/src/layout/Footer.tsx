import { type Language, partsOf } from '@furfes/core'
import { Box } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useEditionPart } from '../app/useEdition.ts'
import { proseSx } from '../content/prose.ts'
import { SiteMap } from './SiteMap.tsx'
import { SocialLinks } from './SocialLinks.tsx'

export function Footer({ language }: { language: Language }) {
  const { t } = useTranslation('pwa')
  const { eventDate } = useEditionPart((state) => state.edition)
  return (
    <Box
      component="footer"
      sx={{
        bgcolor: 'action.hover',
        mt: 6,
        borderTop: 1,
        borderColor: 'divider',
        // Below the fold on every page: the browser lays it out only when it nears the screen.
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 900px',
      }}
    >
      {/* A phone has every link in the header's menu: its footer does not repeat them (decision 182). */}
      <Box component="nav" aria-label={t('site.siteMap')} sx={{ display: { xs: 'none', sm: 'block' } }}>
        <SiteMap language={language} place="footer" />
      </Box>
      <Box
        sx={{
          ...proseSx,
          maxWidth: 'lg',
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 3,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <h2 className="muted">{t('social.heading')}</h2>
        <SocialLinks />
        <p className="muted">{t('site.copyright', { eventYear: partsOf(eventDate).year })}</p>
      </Box>
    </Box>
  )
}

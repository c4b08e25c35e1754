import { Link } from '@mui/material'
import { useTranslation } from 'react-i18next'

/** The first thing a keyboard reaches: jumps over the header to the page. Visible only when focused. */
export function SkipLink() {
  const { t } = useTranslation('common')
  return (
    <Link
      href="#main"
      component="a"
      sx={{
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: 'tooltip',
        p: 1.5,
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 2,
        borderColor: 'primary.main',
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('skipToContent')}
    </Link>
  )
}

import { Container, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '../usePageTitle.ts'

export function TopPage() {
  const { t } = useTranslation('pwa')
  usePageTitle('pages.top.title')
  return (
    <Container component="main" id="main" sx={{ py: 4 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {t('event.name')}
      </Typography>
      <Typography variant="h6" component="p">
        {t('event.date')}
      </Typography>
      <Typography component="p">{t('event.place')}</Typography>
      <Typography component="p" sx={{ mt: 2 }}>
        {t('event.summary')}
      </Typography>
    </Container>
  )
}

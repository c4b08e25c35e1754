import { Container, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'

export function HomePage() {
  const { t } = useTranslation('reception')
  return (
    <Container component="main" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('heading')}
      </Typography>
      <Typography component="p">{t('intro')}</Typography>
    </Container>
  )
}

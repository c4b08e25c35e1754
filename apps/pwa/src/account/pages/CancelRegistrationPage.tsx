import { Button, Stack, Typography } from '@mui/material'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import { useAccountTranslation } from '../i18n.ts'
import { AccountPage } from '../ui.tsx'

/**
 * cancel-registration: a paid registration is cancelled through the committee's contact form (refunds
 * depend on the date); an unpaid application is withdrawn by the participant on the registration page.
 */
export default function CancelRegistrationPage() {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  return (
    <AccountPage titleKey="cancel-registration" lead={t('cancelRegistration.lead')}>
      <Typography sx={{ mb: 2 }}>{t('cancelRegistration.steps')}</Typography>
      <Typography sx={{ mb: 3 }}>{t('cancelRegistration.pending')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" href={localizedPath(language, 'contact-us')}>
          {t('cancelRegistration.toContact')}
        </Button>
        <Button variant="outlined" href={localizedPath(language, 'mypage/registration')}>
          {t('cancelRegistration.toRegistration')}
        </Button>
      </Stack>
    </AccountPage>
  )
}

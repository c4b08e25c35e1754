import { type RegistrationAdditionalInfo, registrationAdditionalInfoSchema } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { FormTextField, SchemaForm } from '@furfes/ui/forms'
import { Button, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { Busy } from '../account/Busy.tsx'
import { useAccountTranslation } from '../account/i18n.ts'
import { AccountPage, Notice } from '../account/ui.tsx'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { useMyPage } from './context.ts'
import { LoadError } from './parts.tsx'
import { useCached } from './use-cached.ts'
import { useSaveForm } from './use-submit.ts'

/**
 * registration-additional-info: the X username club activities reach participants at (club activities are
 * for registered participants only, docs/requirements.md PROF-8), so it opens once the registration is paid.
 */
export default function RegistrationAdditionalInfoPage() {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { account } = useMyPage()
  const registration = useCached(account.cache.registration)
  const info = useCached(account.cache.additionalInfo)
  const failed = [registration, info].find(
    (resource) => resource.status === 'failed' && resource.value === undefined,
  )
  let body: ReactNode
  if (failed) body = <LoadError error={failed.error} retry={failed.reload} />
  else if (registration.value === undefined || info.value === undefined) body = <Busy />
  else if (registration.value?.paymentStatus !== 'paid')
    body = (
      <>
        <Typography sx={{ mb: 2 }}>{t('additionalInfo.notPaid')}</Typography>
        <Button variant="contained" href={localizedPath(language, 'mypage/dashboard')}>
          {phrase(t('common.toDashboard'))}
        </Button>
      </>
    )
  else body = <AdditionalInfoForm initial={info.value?.clubActivityXUsername ?? ''} />
  return (
    <AccountPage titleKey="registration-additional-info" lead={t('additionalInfo.lead')}>
      {body}
    </AccountPage>
  )
}

function AdditionalInfoForm({ initial }: { initial: string }) {
  const { t } = useAccountTranslation()
  const { account } = useMyPage()
  const { form, formProps, done } = useSaveForm<
    { clubActivityXUsername: string },
    RegistrationAdditionalInfo
  >(registrationAdditionalInfoSchema, { clubActivityXUsername: initial }, async (values) =>
    account.cache.additionalInfo.set(await account.api.putRegistrationAdditionalInfo(values)),
  )
  return (
    <SchemaForm {...formProps} submitLabel={t('common.save')}>
      {done && <Notice>{t('common.saved')}</Notice>}
      <FormTextField
        form={form}
        name="clubActivityXUsername"
        label={t('additionalInfo.xUsername')}
        hint={t('additionalInfo.xUsernameHint')}
        autoComplete="off"
        required={false}
      />
    </SchemaForm>
  )
}

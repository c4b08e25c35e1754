import { type Profile, type ProfilePrivacy, profilePrivacies, profileSchema } from '@furfes/core'
import { CloseIcon, usePhrases } from '@furfes/ui'
import { FormTextField, RadioField, SchemaForm, useFieldMessage } from '@furfes/ui/forms'
import { Button, FormControl, FormHelperText, FormLabel, IconButton, Stack, TextField } from '@mui/material'
import { Busy } from '../account/Busy.tsx'
import { useAccountTranslation } from '../account/i18n.ts'
import { AccountPage, Notice } from '../account/ui.tsx'
import { useMyPage } from './context.ts'
import { LoadError } from './parts.tsx'
import { useCached } from './use-cached.ts'
import { useSaveForm } from './use-submit.ts'

type ProfileValues = { privacy: ProfilePrivacy; handleName: string; linkUrls: string[] }

/** profile: create or edit the privacy setting, the handle name and the list of links. */
export default function ProfilePage() {
  const { t } = useAccountTranslation()
  const { account } = useMyPage()
  const profile = useCached(account.cache.profile)
  return (
    <AccountPage titleKey="profile" lead={t('profile.lead')}>
      {profile.status === 'failed' && profile.value === undefined && (
        <LoadError error={profile.error} retry={profile.reload} />
      )}
      {profile.value === undefined ? (
        profile.status !== 'failed' && <Busy />
      ) : (
        <ProfileForm
          initial={profile.value ?? { privacy: 'private', handleName: '', linkUrls: [] }}
          exists={profile.value !== null}
        />
      )}
    </AccountPage>
  )
}

function ProfileForm({ initial, exists }: { initial: ProfileValues; exists: boolean }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const { account } = useMyPage()
  const { form, formProps, done } = useSaveForm<ProfileValues, Profile>(
    profileSchema,
    initial,
    async (values) => account.cache.profile.set(await account.api.putProfile(values)),
  )
  const message = useFieldMessage(form)
  const urls = form.values.linkUrls
  const setUrl = (index: number, value: string) => {
    form.setValue(
      'linkUrls',
      urls.map((url, i) => (i === index ? value : url)),
      { touch: false },
    )
    form.touch(`linkUrls.${index}`)
  }
  const urlsMessage = message('linkUrls')
  return (
    <SchemaForm {...formProps} submitLabel={exists ? t('common.save') : t('profile.create')}>
      {done && <Notice>{t('common.saved')}</Notice>}
      <RadioField
        row
        form={form}
        name="privacy"
        legend={t('profile.privacy')}
        options={profilePrivacies}
        optionLabel={(privacy) => t(`domain:profilePrivacy.${privacy}`)}
      />
      <FormTextField form={form} name="handleName" label={t('profile.handleName')} autoComplete="nickname" />
      <FormControl component="fieldset" error={urlsMessage !== undefined}>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {t('profile.linkUrls')}
        </FormLabel>
        <Stack spacing={1.5}>
          {urls.map((url, index) => {
            const urlMessage = message(`linkUrls.${index}`)
            const number = String(index + 1)
            return (
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={t('profile.linkUrl', { number })}
                  type="url"
                  value={url}
                  onChange={(event) => setUrl(index, event.target.value)}
                  error={urlMessage !== undefined}
                  helperText={urlMessage}
                  fullWidth
                  inputMode="url"
                />
                <IconButton
                  aria-label={t('profile.removeUrl', { number })}
                  onClick={() =>
                    form.setValue(
                      'linkUrls',
                      urls.filter((_, i) => i !== index),
                      { touch: false },
                    )
                  }
                >
                  <CloseIcon />
                </IconButton>
              </Stack>
            )
          })}
        </Stack>
        {urlsMessage && <FormHelperText>{urlsMessage}</FormHelperText>}
        <Button
          sx={{ mt: 1, alignSelf: 'flex-start' }}
          onClick={() => form.setValue('linkUrls', [...urls, ''], { touch: false })}
        >
          {phrase(t('profile.addUrl'))}
        </Button>
      </FormControl>
    </SchemaForm>
  )
}

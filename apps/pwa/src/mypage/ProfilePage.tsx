import { type Profile, type ProfilePrivacy, profilePrivacies, profileSchema } from '@furfes/core'
import { CloseIcon } from '@furfes/ui'
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material'
import { useCallback } from 'react'
import { useZodForm } from '../account/form.ts'
import { useAccountTranslation } from '../account/i18n.ts'
import { AccountPage, Busy, ErrorAlert, FormTextField, SubmitButton } from '../account/ui.tsx'
import { useMyPage } from './context.ts'
import { LoadError } from './parts.tsx'
import { useCached } from './use-cached.ts'
import { useSubmit } from './use-submit.ts'

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
  const { t, errorText } = useAccountTranslation()
  const { account } = useMyPage()
  const form = useZodForm<ProfileValues, Profile>(profileSchema, initial)
  const save = useSubmit(
    useCallback(
      async (values: Profile) => {
        const saved = await account.api.putProfile(values)
        account.cache.profile.set(saved)
        return saved
      },
      [account],
    ),
  )
  const urls = form.values.linkUrls
  const setUrl = (index: number, value: string) => {
    form.setValue(
      'linkUrls',
      urls.map((url, i) => (i === index ? value : url)),
      { touch: false },
    )
    form.touch(`linkUrls.${index}`)
  }
  const urlsMessage = form.errors.linkUrls
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={form.handleSubmit((values) => void save.submit(values))}
    >
      <ErrorAlert error={save.error} />
      {save.done && (
        <Alert severity="success" role="status">
          {t('common.saved')}
        </Alert>
      )}
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('profile.privacy')}</FormLabel>
        <RadioGroup
          row
          name="privacy"
          value={form.values.privacy}
          onChange={(event) => form.setValue('privacy', event.target.value as ProfilePrivacy)}
        >
          {profilePrivacies.map((privacy) => (
            <FormControlLabel
              key={privacy}
              value={privacy}
              control={<Radio />}
              label={t(`domain:profilePrivacy.${privacy}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormTextField form={form} name="handleName" label={t('profile.handleName')} autoComplete="nickname" />
      <FormControl component="fieldset" error={urlsMessage !== undefined}>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {t('profile.linkUrls')}
        </FormLabel>
        <Stack spacing={1.5}>
          {urls.map((url, index) => {
            const message = form.errors[`linkUrls.${index}`]
            const number = String(index + 1)
            return (
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={t('profile.linkUrl', { number })}
                  type="url"
                  value={url}
                  onChange={(event) => setUrl(index, event.target.value)}
                  error={message !== undefined}
                  helperText={message ? errorText(message.key, message.values) : undefined}
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
        {urlsMessage && <FormHelperText>{errorText(urlsMessage.key, urlsMessage.values)}</FormHelperText>}
        <Button
          sx={{ mt: 1, alignSelf: 'flex-start' }}
          onClick={() => form.setValue('linkUrls', [...urls, ''], { touch: false })}
        >
          {t('profile.addUrl')}
        </Button>
      </FormControl>
      <SubmitButton busy={save.busy}>{exists ? t('common.save') : t('profile.create')}</SubmitButton>
    </Stack>
  )
}

import {
  type ChangingRoomType,
  changingRoomTypes,
  isFursuitTier,
  isSponsorTier,
  type RegistrationForm,
  type RegistrationTier,
  type TShirtSize,
  tShirtSizes,
} from '@furfes/core'
import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material'
import type { ZodForm } from '../account/form.ts'
import { useAccountTranslation } from '../account/i18n.ts'
import { FormTextField } from '../account/ui.tsx'
import { RulesAgreementField } from './TierPicker.tsx'
import { TShirtSizeTable } from './TShirtSizeTable.tsx'

/** What the registration form holds while being filled in; registering and joining a waiting list share it. */
export type RegistrationFormValues = {
  registrationTier: RegistrationTier | undefined
  badgeName: string
  tShirtSize: TShirtSize | undefined
  changingRoomType: ChangingRoomType | undefined
  agreedToRules: boolean
}

export const emptyRegistrationForm = (tier?: RegistrationTier): RegistrationFormValues => ({
  registrationTier: tier,
  badgeName: '',
  tShirtSize: undefined,
  changingRoomType: undefined,
  agreedToRules: false,
})

/**
 * The registration form's fields after the tier: badge name, the T-shirt size or changing room the chosen tier
 * needs, and the agreement to the participation rules. Registering and joining a waiting list ask for exactly
 * these, checked by the same schema (`registrationFormSchema`); each form brings its own tier choice and button.
 * `name` prefixes the native field names, so two forms on one page keep their radio groups apart.
 */
export function RegistrationDetailsFields({
  form,
  name = '',
  sizeTable = false,
}: {
  form: ZodForm<RegistrationFormValues, RegistrationForm>
  name?: string
  /** Shows the size chart under the size choice (the registration form; the waiting list's form is shorter). */
  sizeTable?: boolean
}) {
  const { t, errorText } = useAccountTranslation()
  const message = (path: string) => {
    const issue = form.errors[path]
    return issue ? errorText(issue.key, issue.values) : undefined
  }
  const field = (base: string) => (name ? `${name}${base[0]?.toUpperCase()}${base.slice(1)}` : base)
  const tier = form.values.registrationTier
  return (
    <>
      <FormTextField
        form={form}
        name="badgeName"
        label={t('registration.badgeName')}
        hint={t('registration.badgeNameHint')}
      />

      {tier && isSponsorTier(tier) && (
        <Stack spacing={2}>
          <TextField
            select
            name={field('tShirtSize')}
            label={t('registration.tShirtSize')}
            value={form.values.tShirtSize ?? ''}
            onChange={(event) =>
              form.setValue(
                'tShirtSize',
                event.target.value === '' ? undefined : (event.target.value as TShirtSize),
              )
            }
            error={message('tShirtSize') !== undefined}
            helperText={message('tShirtSize')}
            required
            slotProps={{ select: { native: true } }}
            sx={{ maxWidth: 240 }}
          >
            <option value="" />
            {tShirtSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </TextField>
          {sizeTable && <TShirtSizeTable />}
        </Stack>
      )}

      {tier && isFursuitTier(tier) && (
        <FormControl component="fieldset" error={message('changingRoomType') !== undefined} required>
          <FormLabel component="legend">{t('registration.changingRoom')}</FormLabel>
          <RadioGroup
            row
            name={field('changingRoomType')}
            value={form.values.changingRoomType ?? ''}
            onChange={(event) => form.setValue('changingRoomType', event.target.value as ChangingRoomType)}
          >
            {changingRoomTypes.map((room) => (
              <FormControlLabel
                key={room}
                value={room}
                control={<Radio />}
                label={t(`domain:changingRoomType.${room}`)}
              />
            ))}
          </RadioGroup>
          {message('changingRoomType') && <FormHelperText>{message('changingRoomType')}</FormHelperText>}
        </FormControl>
      )}

      <RulesAgreementField
        checked={form.values.agreedToRules}
        onChange={(agreed) => form.setValue('agreedToRules', agreed)}
        message={message('agreedToRules')}
      />
    </>
  )
}

import {
  type ChangingRoomType,
  changingRoomTypes,
  isFursuitTier,
  isSponsorTier,
  limits,
  type RegistrationForm,
  type RegistrationTier,
  type TShirtSize,
  tShirtSizes,
} from '@furfes/core'
import { FormTextField, RadioField, useFieldMessage, type ZodForm } from '@furfes/ui/forms'
import { Stack, TextField } from '@mui/material'
import { useAccountTranslation } from '../account/i18n.ts'
import { RulesAgreementField } from './TierPicker.tsx'
import { TShirtSizeTable } from './TShirtSizeTable.tsx'

/** What the registration form holds while being filled in; registering and joining a waiting list share it. */
export type RegistrationFormValues = {
  registrationTier: RegistrationTier | undefined
  badgeName: string
  tShirtSize: TShirtSize | undefined
  changingRoomType: ChangingRoomType | undefined
  /** Empty: none (docs/decisions/185-desk-tools.md). */
  accessNeeds: string
  agreedToRules: boolean
}

export const emptyRegistrationForm = (tier?: RegistrationTier): RegistrationFormValues => ({
  registrationTier: tier,
  badgeName: '',
  tShirtSize: undefined,
  changingRoomType: undefined,
  accessNeeds: '',
  agreedToRules: false,
})

/**
 * The registration form's fields after the tier: badge name, the T-shirt size or changing room the chosen tier
 * needs, optional access needs, and the agreement to the participation rules. Registering and joining a waiting list ask for exactly
 * these, checked by the same schema (`registrationFormSchema`); each form brings its own tier choice and button.
 * `name` prefixes the native field names, so two forms on one page keep their radio groups apart.
 */
export function RegistrationDetailsFields({
  form,
  name = '',
  sizeTable = false,
  agreement = true,
}: {
  form: ZodForm<RegistrationFormValues, RegistrationForm>
  name?: string
  /** Shows the size chart under the size choice (the registration form; the waiting list's form is shorter). */
  sizeTable?: boolean
  /** Asks for the agreement to the rules; a paid participant changing their details agreed when registering. */
  agreement?: boolean
}) {
  const { t } = useAccountTranslation()
  const message = useFieldMessage(form)
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
        <RadioField
          row
          required
          form={form}
          name="changingRoomType"
          inputName={field('changingRoomType')}
          legend={t('registration.changingRoom')}
          options={changingRoomTypes}
          optionLabel={(room) => t(`domain:changingRoomType.${room}`)}
        />
      )}

      <FormTextField
        form={form}
        name="accessNeeds"
        label={t('registration.accessNeeds')}
        hint={t('registration.accessNeedsHint', { max: limits.accessNeedsMaxLength })}
      />

      {agreement && (
        <RulesAgreementField
          checked={form.values.agreedToRules}
          onChange={(agreed) => form.setValue('agreedToRules', agreed)}
          message={message('agreedToRules')}
        />
      )}
    </>
  )
}

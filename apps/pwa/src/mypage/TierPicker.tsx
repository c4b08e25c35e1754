import {
  formatCalendarDate,
  type InventoryItem,
  type RegistrationTier,
  registrationTiers,
  sponsorBenefits,
  sponsorBenefitsByTier,
} from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import {
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material'
import { useId } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'
import { useEdition } from '../app/useEdition.ts'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'

const chipColor = { available: 'success', few_left: 'warning', sold_out: 'default' } as const

/**
 * The tier cards of the registration form: price with the refund deadlines beside it, what each tier includes
 * (the benefits table, core's sponsorBenefitsByTier) and whether spots are left (decision 124). Prices, the refund
 * policy and the on-sale switches are the current edition's (decision 155), what the API charges and applies. A
 * sold-out tier, a tier the committee has not put on sale, or every tier while availability is unknown, cannot be
 * chosen.
 */
export function TierPicker({
  value,
  onChange,
  inventory,
  message,
  onJoinWaitingList,
}: {
  value: RegistrationTier | undefined
  onChange: (tier: RegistrationTier) => void
  inventory: InventoryItem[] | undefined
  message: string | undefined
  /** Offered on a sold-out tier's card, where the visitor finds it is sold out (decision 115). */
  onJoinWaitingList?: (tier: RegistrationTier) => void
}) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { edition } = useEdition()
  const refund = t('tierCard.refund', {
    early: edition.refundPolicy.earlyPercent,
    earlyUntil: formatCalendarDate(edition.refundPolicy.earlyUntil, language),
    late: edition.refundPolicy.latePercent,
    lateUntil: formatCalendarDate(edition.refundPolicy.lateUntil, language),
  })
  return (
    <FormControl component="fieldset" error={message !== undefined} required>
      <FormLabel component="legend" sx={{ fontWeight: 700, mb: 1 }}>
        {t('registration.tierHeading')}
      </FormLabel>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('registration.categoryChange')}
      </Typography>
      <RadioGroup
        name="registrationTier"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as RegistrationTier)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}
      >
        {registrationTiers.map((candidate) => {
          const status = inventory?.find((item) => item.registrationTier === candidate)?.status
          const soldOut = status === 'sold_out'
          const onSale = edition.tiers[candidate].onSale
          const detailsId = `tier-${candidate}-details`
          const benefits = sponsorBenefitsByTier[candidate]
          return (
            <Card key={candidate} sx={{ p: 1.5 }}>
              <FormControlLabel
                value={candidate}
                disabled={soldOut || !onSale || inventory === undefined}
                control={<Radio slotProps={{ input: { 'aria-describedby': detailsId } }} />}
                sx={{ alignItems: 'flex-start', m: 0, width: '100%', opacity: soldOut || !onSale ? 0.7 : 1 }}
                label={
                  <Box sx={{ pt: 1 }}>
                    <Typography sx={{ fontWeight: 700 }}>
                      {t(`domain:registrationTier.${candidate}`)}
                    </Typography>
                    <Typography>
                      {t('registration.price', {
                        price: new Intl.NumberFormat('ja-JP').format(edition.tiers[candidate].priceJpy),
                      })}
                    </Typography>
                    {!onSale && <Chip size="small" sx={{ mt: 0.5 }} label={t('tierCard.notOnSale')} />}
                    {onSale && status && (
                      <Chip
                        size="small"
                        sx={{ mt: 0.5 }}
                        color={chipColor[status]}
                        label={t(`domain:inventoryStatus.${status}`)}
                      />
                    )}
                  </Box>
                }
              />
              {soldOut && onSale && onJoinWaitingList && (
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => onJoinWaitingList(candidate)}
                  sx={{ ml: 5, mt: 1 }}
                >
                  {phrase(t('waitingList.joinTier', { tier: t(`domain:registrationTier.${candidate}`) }))}
                </Button>
              )}
              <Box id={detailsId} sx={{ pl: 5, pt: 1 }}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {refund}
                </Typography>
                <Typography variant="body2" component="p" sx={{ fontWeight: 700 }}>
                  {t('tierCard.includes')}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
                  {sponsorBenefits.map((benefit) => (
                    <Typography
                      component="li"
                      variant="body2"
                      key={benefit}
                      sx={{ color: benefits[benefit] ? 'text.primary' : 'text.secondary' }}
                    >
                      {t(benefits[benefit] ? 'tierCard.included' : 'tierCard.notIncluded', {
                        benefit: t(`domain:sponsorBenefit.${benefit}`),
                      })}
                    </Typography>
                  ))}
                </Box>
              </Box>
            </Card>
          )
        })}
      </RadioGroup>
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  )
}

/** "I agree to the participation rules", with the rules a link away (opened beside the form, which stays filled). */
export function RulesAgreementField({
  checked,
  onChange,
  message,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  message: string | undefined
}) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  // The registration form and the waiting list's join form may share a page: each needs its own id.
  const linkId = useId()
  return (
    <FormControl error={message !== undefined} required>
      <FormControlLabel
        control={
          <Checkbox
            name="agreedToRules"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': linkId } }}
          />
        }
        label={t('tierCard.agree')}
      />
      <Link
        id={linkId}
        href={localizedPath(language, 'participation-rules')}
        target="_blank"
        rel="noopener"
        sx={{ ml: 4 }}
      >
        {t('tierCard.rulesLink')}
      </Link>
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  )
}

import {
  detailsChangeClosesAt,
  isSponsorTier,
  type TierChange as MadeChange,
  ProductError,
  type Registration,
  type RegistrationTier,
  type TierChangeQuote,
  type TShirtSize,
  tShirtSizes,
} from '@furfes/core'
import { ErrorAlert } from '@furfes/ui'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useRef, useState } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'
import { Notice } from '../account/ui.tsx'
import { useServices } from '../app/services.tsx'
import { useEdition } from '../app/useEdition.ts'
import { formatYen } from '../content/values.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { useMyPage } from './context.ts'

type Target = TierChangeQuote['targets'][number]

/**
 * A paid participant moves to another tier (docs/decisions/167-participants-change-tier.md): only the tiers without
 * a changing room are listed, each with what it costs or refunds today; a move down is confirmed in a dialog and
 * made at once. Moving up is shown with its price but not offered here yet.
 */
export function TierChange({ registration }: { registration: Registration }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { account } = useMyPage()
  const { errors } = useServices()
  const { edition } = useEdition()
  const [quote, setQuote] = useState<TierChangeQuote | null>()
  const [loadError, setLoadError] = useState<unknown>()
  const [chosen, setChosen] = useState<RegistrationTier>()
  const [size, setSize] = useState<TShirtSize | ''>(registration.tShirtSize ?? '')
  const [sizeMissing, setSizeMissing] = useState(false)
  const [open, setOpen] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<unknown>()
  const [amountChanged, setAmountChanged] = useState(false)
  const [made, setMade] = useState<MadeChange>()
  // One key per confirmation: a retry after an error resends it, so the change and its refund happen once.
  const idempotencyKey = useRef<string>(crypto.randomUUID())

  const tierName = (tier: RegistrationTier) => t(`domain:registrationTier.${tier}`)
  const yen = (amount: number) => formatYen(amount, language)

  async function load() {
    setLoadError(undefined)
    try {
      setQuote(await account.api.getRegistrationTierChange())
    } catch (caught) {
      setLoadError(caught)
    }
  }

  function amountSentence(target: Target): string {
    if (target.direction === 'upgrade') return t('tierChange.upgrade', { amount: yen(target.payJpy) })
    if (target.refundJpy > 0) {
      return t('tierChange.refund', { amount: yen(target.refundJpy), percentage: quote?.policyPercentage })
    }
    return t('tierChange.noRefund')
  }

  const target = quote?.targets.find((each) => each.registrationTier === chosen)
  const needsSize = chosen !== undefined && isSponsorTier(chosen)

  function review() {
    if (needsSize && size === '') {
      setSizeMissing(true)
      return
    }
    setError(undefined)
    setOpen(true)
  }

  async function confirm() {
    if (!target) return
    setSending(true)
    setError(undefined)
    try {
      const change = await account.api.changeRegistrationTier({
        idempotencyKey: idempotencyKey.current,
        registrationTier: target.registrationTier,
        amountJpy: target.refundJpy,
        ...(needsSize && size !== '' ? { tShirtSize: size } : {}),
      })
      await account.cache.registration.load({ force: true }).catch((reloadError: unknown) => {
        errors.report(reloadError, { where: 'tier-change-reload' })
      })
      setOpen(false)
      setQuote(undefined)
      setMade(change)
    } catch (caught) {
      if (caught instanceof ProductError && caught.productKey === 'tierChangeAmountChanged') {
        // A cut-off passed while the page was open: show the new amounts and ask again with a new key.
        idempotencyKey.current = crypto.randomUUID()
        setOpen(false)
        setAmountChanged(true)
        await load()
      } else {
        setError(caught)
      }
    } finally {
      setSending(false)
    }
  }

  // Closed with the details on the badge print day (decision 166): the rule is still said, the action is not offered.
  const closed = account.clock() >= detailsChangeClosesAt(edition)
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Typography>{t('registration.categoryChange')}</Typography>
      {closed && made === undefined ? null : renderOpen()}
    </Stack>
  )

  function renderOpen() {
    return (
      <>
        {made && (
          <Notice>
            {t('tierChange.done', { tier: tierName(made.toTier) })}{' '}
            {made.refundJpy > 0 ? t('tierChange.doneRefund', { amount: yen(made.refundJpy) }) : ''}
          </Notice>
        )}
        {loadError !== undefined && <ErrorAlert error={loadError} />}
        {quote === undefined ? (
          <Button variant="outlined" onClick={() => void load()} sx={{ alignSelf: 'flex-start' }}>
            {t('tierChange.open')}
          </Button>
        ) : quote === null ? null : (
          <Stack spacing={2}>
            {amountChanged && (
              <Alert severity="info" role="status">
                {t('tierChange.amountChanged')}
              </Alert>
            )}
            <FormControl>
              <FormLabel id="tier-change-targets">{t('tierChange.targets')}</FormLabel>
              <RadioGroup
                aria-labelledby="tier-change-targets"
                name="tier-change-target"
                value={chosen ?? ''}
                onChange={(event) => setChosen(event.target.value as RegistrationTier)}
              >
                {quote.targets.map((each) => (
                  <FormControlLabel
                    key={each.registrationTier}
                    value={each.registrationTier}
                    disabled={each.direction === 'upgrade' || !each.available}
                    control={<Radio />}
                    label={`${tierName(each.registrationTier)}: ${
                      each.available ? amountSentence(each) : t('registration.soldOut')
                    }`}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {quote.targets.some((each) => each.direction === 'upgrade') && (
              <Typography variant="body2">{t('tierChange.upgradeByContact')}</Typography>
            )}
            {needsSize && (
              <TextField
                select
                name="tier-change-size"
                label={t('registration.tShirtSize')}
                value={size}
                onChange={(event) => {
                  setSize(event.target.value as TShirtSize | '')
                  setSizeMissing(false)
                }}
                error={sizeMissing}
                helperText={sizeMissing ? t('tierChange.sizeMissing') : undefined}
                required
                slotProps={{ select: { native: true } }}
                sx={{ maxWidth: 240 }}
              >
                <option value="" />
                {tShirtSizes.map((each) => (
                  <option key={each} value={each}>
                    {each}
                  </option>
                ))}
              </TextField>
            )}
            <Button
              variant="contained"
              disabled={target === undefined}
              onClick={review}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('tierChange.review')}
            </Button>
          </Stack>
        )}
        <Dialog
          open={open && target !== undefined}
          onClose={() => !sending && setOpen(false)}
          aria-labelledby="tier-change-title"
          aria-describedby="tier-change-consequence"
        >
          <DialogTitle id="tier-change-title">{t('tierChange.confirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="tier-change-consequence" sx={{ mb: 2 }}>
              {target &&
                t('tierChange.consequence', {
                  from: tierName(registration.registrationTier),
                  to: tierName(target.registrationTier),
                  amount: amountSentence(target),
                })}
            </DialogContentText>
            {error !== undefined && <ErrorAlert error={error} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={sending}>
              {t('tierChange.keep')}
            </Button>
            <Button variant="contained" onClick={() => void confirm()} disabled={sending} aria-busy={sending}>
              {t('tierChange.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      </>
    )
  }
}

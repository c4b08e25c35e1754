import {
  detailsChangeClosesAt,
  formatInstant,
  isSponsorTier,
  type TierChange as MadeChange,
  ProductError,
  type Registration,
  type RegistrationTier,
  type TierChangeQuote,
  type TShirtSize,
  tShirtSizes,
} from '@furfes/core'
import { ConfirmDialog, ErrorAlert, usePhrases } from '@furfes/ui'
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'
import { Notice } from '../account/ui.tsx'
import { useServices } from '../app/services.tsx'
import { useEdition } from '../app/useEdition.ts'
import { formatYen } from '../content/values.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { checkoutReturnUrls } from './checkout-return.ts'
import { useMyPage } from './context.ts'

type Target = TierChangeQuote['targets'][number]

/**
 * A paid participant moves to another tier (docs/decisions/167-participants-change-tier.md): only the tiers without
 * a changing room are listed, each with what it costs or refunds today, and the move is confirmed in a dialog. A
 * move down is made at once; a move up goes to Checkout for the difference and applies once paid
 * (docs/decisions/169-upgrades-through-checkout.md), and until then the page shows it awaiting that payment.
 */
export function TierChange({ registration }: { registration: Registration }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { account, handleSessionError } = useMyPage()
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
  const [soldOutNow, setSoldOutNow] = useState<RegistrationTier>()
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

  // Back from Checkout (or on any later visit), an upgrade awaiting its payment shows at once with its page.
  const closed = account.clock() >= detailsChangeClosesAt(edition)
  useEffect(() => {
    if (closed) return
    let live = true
    account.api.getRegistrationTierChange().then(
      (found) => {
        if (live && found?.pendingUpgrade) setQuote(found)
      },
      (caught: unknown) => {
        if (live && !handleSessionError(caught)) setLoadError(caught)
      },
    )
    return () => {
      live = false
    }
  }, [account, closed, handleSessionError])

  function amountSentence(target: Target): string {
    if (target.direction === 'upgrade') return t('tierChange.upgrade', { amount: yen(target.payJpy) })
    if (target.refundJpy > 0) {
      return t('tierChange.refund', { amount: yen(target.refundJpy), percentage: quote?.policyPercentage })
    }
    return t('tierChange.noRefund')
  }

  function consequence(chosenTarget: Target): string {
    const names = {
      from: tierName(registration.registrationTier),
      to: tierName(chosenTarget.registrationTier),
    }
    if (chosenTarget.direction === 'upgrade') {
      return t('tierChange.upgradeConsequence', { ...names, amount: yen(chosenTarget.payJpy) })
    }
    return t('tierChange.consequence', { ...names, amount: amountSentence(chosenTarget) })
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
    const upgrade = target.direction === 'upgrade'
    try {
      const change = await account.api.changeRegistrationTier({
        idempotencyKey: idempotencyKey.current,
        registrationTier: target.registrationTier,
        amountJpy: upgrade ? target.payJpy : target.refundJpy,
        ...(needsSize && size !== '' ? { tShirtSize: size } : {}),
        ...(upgrade ? checkoutReturnUrls(language, account.pwaUrl) : {}),
      })
      if (change.status === 'awaiting_payment') {
        if (change.paymentUrl) {
          account.navigateTo(change.paymentUrl)
          return
        }
        // A double submit answered before its page was opened: the quote carries the page.
        setOpen(false)
        await load()
        return
      }
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
      } else if (caught instanceof ProductError && caught.productKey === 'soldOut') {
        // Its last spot went while the page was open: say so, and show the tiers as they are now.
        setOpen(false)
        setSoldOutNow(target.registrationTier)
        await load()
      } else if (caught instanceof ProductError && caught.productKey === 'tierChangePending') {
        // Another tab started an upgrade: show it awaiting its payment instead of the choices.
        setOpen(false)
        await load()
      } else {
        setError(caught)
      }
    } finally {
      setSending(false)
    }
  }

  // Closed with the details on the badge print day (decision 166): the rule is still said, the action is not offered.
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
        {quote?.pendingUpgrade ? (
          <Stack spacing={2}>
            <Alert severity="info" role="status">
              {t('tierChange.pending', {
                tier: tierName(quote.pendingUpgrade.toTier),
                amount: yen(quote.pendingUpgrade.payJpy),
                deadline: formatInstant(quote.pendingUpgrade.expiresAt, language),
              })}
            </Alert>
            <Button
              variant="contained"
              onClick={() => quote.pendingUpgrade && account.navigateTo(quote.pendingUpgrade.paymentUrl)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {phrase(t('tierChange.toPayment'))}
            </Button>
          </Stack>
        ) : quote === undefined ? (
          <Button variant="outlined" onClick={() => void load()} sx={{ alignSelf: 'flex-start' }}>
            {phrase(t('tierChange.open'))}
          </Button>
        ) : quote === null ? null : (
          <Stack spacing={2}>
            {soldOutNow && (
              <Alert severity="warning" role="status">
                {t('tierChange.soldOutNow', { tier: tierName(soldOutNow) })}
              </Alert>
            )}
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
                    disabled={!each.available}
                    control={<Radio />}
                    label={`${tierName(each.registrationTier)}: ${
                      each.available ? amountSentence(each) : t('registration.soldOut')
                    }`}
                  />
                ))}
              </RadioGroup>
            </FormControl>
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
              {phrase(t('tierChange.review'))}
            </Button>
          </Stack>
        )}
        <ConfirmDialog
          id="tier-change"
          open={open && target !== undefined}
          title={t('tierChange.confirmTitle')}
          consequence={target && consequence(target)}
          keepLabel={t('tierChange.keep')}
          confirmLabel={
            target?.direction === 'upgrade'
              ? t('tierChange.pay', { amount: yen(target.payJpy) })
              : t('tierChange.confirm')
          }
          busy={sending}
          error={error}
          onKeep={() => setOpen(false)}
          onConfirm={() => void confirm()}
        />
      </>
    )
  }
}

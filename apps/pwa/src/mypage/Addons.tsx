import { type Addon, addonOnSale } from '@furfes/core'
import { ErrorAlert, usePhrases } from '@furfes/ui'
import { Button, Stack, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'
import { formatYen } from '../content/values.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { checkoutReturnUrls } from './checkout-return.ts'
import { useMyPage } from './context.ts'
import { Facts, LoadError, Section } from './parts.tsx'
import { useSubmit } from './use-submit.ts'

/** How often, and how long, a purchase still pending after Checkout is asked for again. */
const pendingPollMs = 2000
const pendingPollAttempts = 15

/**
 * The add-ons on My Page (decision 178): for a paid participant, each product of the edition with its price, what
 * they bought and its status, and a button that buys it through Checkout (or goes back to an open checkout). A
 * purchase still pending (the payment webhook on its way) is asked for again for a while.
 */
export function AddonsSection({ paid }: { paid: boolean }) {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { account, handleSessionError } = useMyPage()
  const [state, setState] = useState<{ addons?: Addon[]; error?: unknown }>({})
  const [attempt, setAttempt] = useState(0)
  const {
    busy,
    error,
    submit: buy,
  } = useSubmit(async (code: string) => {
    const { paymentUrl } = await account.api.buyAddon(
      code,
      checkoutReturnUrls(language, account.pwaUrl, 'mypage/dashboard'),
    )
    account.navigateTo(paymentUrl)
  })

  useEffect(() => {
    if (!paid) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    let polls = 0
    const load = () =>
      account.api.getAddons().then(
        (addons) => {
          if (!live) return
          setState({ addons })
          polls += 1
          if (addons.some((addon) => addon.purchase?.status === 'pending') && polls < pendingPollAttempts)
            timer = setTimeout(load, pendingPollMs)
        },
        (failure: unknown) => {
          if (live && !handleSessionError(failure)) setState({ error: failure })
        },
      )
    void load()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [account, handleSessionError, paid, attempt])

  if (!paid) return null
  return (
    <Section id="addons" heading={t('addons.heading')}>
      {state.error !== undefined && <LoadError error={state.error} retry={() => setAttempt((n) => n + 1)} />}
      <Stack spacing={3}>
        {state.addons?.length === 0 && <Typography>{t('addons.none')}</Typography>}
        {state.addons?.map((addon) => {
          const purchase = addon.purchase
          const holding = purchase?.status === 'pending' || purchase?.status === 'paid'
          const onSale = addonOnSale(addon, account.clock())
          return (
            <Stack key={addon.code} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Facts
                items={[
                  [t('addons.product'), addon.name[language]],
                  [t('addons.price'), formatYen(addon.priceJpy, language)],
                  [t('addons.status'), t(`addons.statuses.${purchase?.status ?? 'none'}`)],
                  ...(holding
                    ? []
                    : [
                        [t('addons.remaining'), t('addons.remainingValue', { count: addon.remaining })] as [
                          string,
                          string,
                        ],
                      ]),
                ]}
              />
              {purchase?.status === 'pending' && purchase.paymentUrl && (
                <Button variant="contained" onClick={() => account.navigateTo(purchase.paymentUrl ?? '')}>
                  {phrase(t('addons.pay'))}
                </Button>
              )}
              {!holding && onSale && addon.remaining > 0 && (
                <Button variant="contained" disabled={busy} onClick={() => void buy(addon.code)}>
                  {phrase(t('addons.buy', { product: addon.name[language] }))}
                </Button>
              )}
              {!holding && onSale && addon.remaining === 0 && <Typography>{t('addons.soldOut')}</Typography>}
              {!holding && !onSale && <Typography>{t('addons.notOnSale')}</Typography>}
            </Stack>
          )
        })}
        <ErrorAlert error={error} />
      </Stack>
    </Section>
  )
}

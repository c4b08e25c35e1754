import type { Participant } from '@furfes/core'
import { ConfirmDialog, usePhrases } from '@furfes/ui'
import { Alert, Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'

type Addon = NonNullable<Participant['addons']>[number]

/**
 * The add-ons a registration paid for, each refundable alone by staff who may refund (docs/decisions/
 * 178-add-on-products.md): the whole price back on its own payment, the place back on sale, the registration kept.
 * The change reaches this device's list at once and the other devices with their next snapshot.
 */
export function AddonRefunds({
  registrationId,
  addons,
  editable,
}: {
  registrationId: string
  addons: Participant['addons']
  editable: boolean
}) {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation('reception')
  const services = useServices()
  const [chosen, setChosen] = useState<Addon>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const [refunded, setRefunded] = useState<{ name: string; amountJpy: number }>()
  const nameOf = (addon: Addon) => (i18n.language === 'en' ? addon.name.en : addon.name.ja)

  if (!addons?.length && !refunded) return null

  async function refund(addon: Addon) {
    setBusy(true)
    setError(undefined)
    try {
      const purchase = await services.api.refundAddon(registrationId, addon.code)
      setRefunded({ name: nameOf(addon), amountJpy: purchase.amountJpy })
      setChosen(undefined)
      services.sync.sync({ refreshSnapshot: true }).catch((syncError: unknown) => {
        services.reportError(syncError, { where: 'addon-refund-sync' })
      })
    } catch (refusal) {
      setError(refusal)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box component="section" aria-labelledby="addon-refunds-heading" sx={{ mt: 2 }}>
      <Typography id="addon-refunds-heading" variant="h6" component="h3">
        {phrase(t('addonRefund.heading'))}
      </Typography>
      {refunded && (
        <Alert severity="success" sx={{ my: 1 }}>
          {t('addonRefund.done', { name: refunded.name, amount: refunded.amountJpy.toLocaleString('ja-JP') })}
        </Alert>
      )}
      <List dense>
        {(addons ?? []).map((addon) => (
          <ListItem
            key={addon.code}
            disableGutters
            secondaryAction={
              editable && (
                <Button color="error" onClick={() => setChosen(addon)}>
                  {phrase(t('addonRefund.open', { name: nameOf(addon) }))}
                </Button>
              )
            }
          >
            <ListItemText primary={nameOf(addon)} />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        id="addon-refund-confirm"
        open={chosen !== undefined}
        title={t('addonRefund.title')}
        consequence={chosen ? t('addonRefund.consequence', { name: nameOf(chosen) }) : ''}
        keepLabel={t('addonRefund.keep')}
        confirmLabel={t('addonRefund.confirm')}
        destructive
        busy={busy}
        error={error}
        onKeep={() => {
          setChosen(undefined)
          setError(undefined)
        }}
        onConfirm={() => {
          if (chosen) void refund(chosen)
        }}
      />
    </Box>
  )
}

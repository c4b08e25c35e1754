import type { BadgePrintKind, GoodsLine } from '@furfes/core'
import { Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useReceptionSnapshot } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { formatTime } from '../layout/format.ts'

/**
 * The goods a participant is handed, one checkbox a line (docs/decisions/180-goods-handed-out.md): ticking
 * records on this device at once and uploads when the network allows; a line another desk ticked shows ticked,
 * with when and where, from the last snapshot.
 */
export function GoodsChecklist({
  registrationId,
  lines,
}: {
  registrationId: string
  lines: readonly GoodsLine[]
}) {
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  const handed = useReceptionSnapshot().handedGoods.get(registrationId)
  const language = i18n.language === 'en' ? 'en' : 'ja'
  if (lines.length === 0) return null

  const label = (line: GoodsLine) => {
    if (line.kind === 'addOn') return t('verdict.addonTicket', { product: line.name[language] })
    const name = t(`domain:sponsorBenefit.${line.key}`)
    if (line.key !== 'tShirt') return name
    return t('verdict.goods.tShirt', { name, size: line.tShirtSize ?? t('verdict.unknown') })
  }
  // The memory holds the tick at once; only the write to IndexedDB can fail, and that is reported.
  const tick = (goods: string, kind: BadgePrintKind) =>
    services.store
      .recordGoodsTick(registrationId, goods, kind)
      .catch((failure: unknown) => services.reportError(failure, { where: 'goods-ticks', kind }))

  return (
    <FormGroup aria-label={t('verdict.goods.heading')}>
      {lines.map((line) => {
        const done = handed?.get(line.key)
        return (
          <FormControlLabel
            key={line.key}
            control={
              <Checkbox
                color="default"
                sx={{ color: 'inherit' }}
                checked={done !== undefined}
                onChange={(event) => void tick(line.key, event.target.checked ? 'mark' : 'unmark')}
              />
            }
            label={
              <>
                {label(line)}
                {done && (
                  <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                    {t('verdict.goods.handed', {
                      time: formatTime(done.handedAt, language, services.clock()),
                      device: done.deviceName ?? t('verdict.unknown'),
                    })}
                  </Typography>
                )}
              </>
            }
          />
        )
      })}
    </FormGroup>
  )
}

import { tShirtMeasurements, tShirtSizes, tShirtSizeTableCm } from '@furfes/core'
import { scrollShadows } from '@furfes/ui'
import { FigureRow } from '@furfes/ui/figure-table'
import { Table, TableBody, TableContainer, TableHead } from '@mui/material'
import { useId } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'

/** The official T-shirt's size chart in cm (core's tShirtSizeTableCm), under the size choice of sponsor tiers. */
export function TShirtSizeTable() {
  const { t } = useAccountTranslation()
  const captionId = useId()
  return (
    // Scrolls sideways inside its box when wider than a phone; headers keep their words whole. It holds nothing
    // to focus, so the region takes the focus itself and the keyboard can scroll it.
    <TableContainer
      sx={{ maxWidth: '100%', ...scrollShadows('paper') }}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <Table size="small" aria-labelledby={captionId} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <caption id={captionId} style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          {t('registration.sizeTable')}
        </caption>
        <TableHead>
          <FigureRow
            head
            label={t('registration.size')}
            columns={tShirtMeasurements}
            value={(measurement) => t(`domain:tShirtMeasurement.${measurement}`)}
          />
        </TableHead>
        <TableBody>
          {tShirtSizes.map((size) => (
            <FigureRow
              key={size}
              label={size}
              columns={tShirtMeasurements}
              value={(measurement) => tShirtSizeTableCm[size][measurement]}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

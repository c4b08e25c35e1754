import { tShirtMeasurements, tShirtSizes, tShirtSizeTableCm } from '@furfes/core'
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material'
import { useId } from 'react'
import { useAccountTranslation } from '../account/i18n.ts'

/** The official T-shirt's size chart in cm (core's tShirtSizeTableCm), under the size choice of sponsor tiers. */
export function TShirtSizeTable() {
  const { t } = useAccountTranslation()
  const captionId = useId()
  return (
    // Scrolls sideways inside its box when wider than a phone; headers keep their words whole.
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={captionId} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <caption id={captionId} style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          {t('registration.sizeTable')}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('registration.size')}
            </TableCell>
            {tShirtMeasurements.map((measurement) => (
              <TableCell key={measurement} component="th" scope="col" align="right">
                {t(`domain:tShirtMeasurement.${measurement}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {tShirtSizes.map((size) => (
            <TableRow key={size}>
              <TableCell component="th" scope="row">
                {size}
              </TableCell>
              {tShirtMeasurements.map((measurement) => (
                <TableCell key={measurement} align="right">
                  {tShirtSizeTableCm[size][measurement]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

import { TableCell, TableRow } from '@mui/material'
import type { ReactNode } from 'react'

/**
 * A row of a two-way table of figures (a size chart, the dashboard's tiers): `label` heads the row, then comes
 * the right-aligned figure of each column. The tables keep their own container, caption and sections; these
 * rows make them read the same way to a screen reader.
 *
 * With `head`, it is the header row: `label` is the corner above the row names and each `value` a column's
 * header (inside a TableHead, MUI makes every cell a column header). With `markColumns`, each figure carries its
 * column as `data-column`, for the tests that read one figure.
 */
export function FigureRow<Column extends string>(props: {
  label: ReactNode
  columns: readonly Column[]
  value: (column: Column) => ReactNode
  head?: boolean
  markColumns?: boolean
}) {
  return (
    <TableRow>
      <TableCell component="th" scope={props.head ? 'col' : 'row'}>
        {props.label}
      </TableCell>
      {props.columns.map((column) => (
        <TableCell key={column} align="right" data-column={props.markColumns ? column : undefined}>
          {props.value(column)}
        </TableCell>
      ))}
    </TableRow>
  )
}

import { TableCell, TableRow } from '@mui/material'
import type { ReactNode } from 'react'

/*
 * The rows of a two-way table of figures (a size chart, the dashboard's tiers): each row is named by its header
 * cell, and each column holds right-aligned figures under a column header. The tables keep their own container,
 * caption and sections; these rows make them read the same way to a screen reader.
 */

/** The header row: `corner` above the row names, then each column's header. */
export function FigureHeaderRow<Column extends string>(props: {
  corner: ReactNode
  columns: readonly Column[]
  label: (column: Column) => ReactNode
}) {
  return (
    <TableRow>
      <TableCell component="th" scope="col">
        {props.corner}
      </TableCell>
      {props.columns.map((column) => (
        <TableCell key={column} component="th" scope="col" align="right">
          {props.label(column)}
        </TableCell>
      ))}
    </TableRow>
  )
}

/**
 * A row: `label` as its header, then the figure of each column. With `markColumns`, each cell carries its column
 * as `data-column`, for the tests that read one figure.
 */
export function FigureRow<Column extends string>(props: {
  label: ReactNode
  columns: readonly Column[]
  value: (column: Column) => ReactNode
  markColumns?: boolean
}) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
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

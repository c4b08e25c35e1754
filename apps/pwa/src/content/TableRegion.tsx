import type { ReactNode } from 'react'

/**
 * Wraps a table that may be wider than a phone's screen: it scrolls sideways inside a labelled region, which
 * keyboard users can focus to scroll it (axe: scrollable-region-focusable).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  )
}

/**
 * A plain two-way table in its scrolling region: one header row naming the columns, then one row per item with
 * its name as the row header and a cell per column.
 */
export function CrossTable<Row extends string, Column extends string>({
  caption,
  corner,
  columns,
  columnLabel,
  rows,
  rowLabel,
  cell,
}: {
  caption: string
  /** The header above the row names. */
  corner: string
  columns: readonly Column[]
  columnLabel: (column: Column) => ReactNode
  rows: readonly Row[]
  rowLabel: (row: Row) => ReactNode
  cell: (row: Row, column: Column) => ReactNode
}) {
  return (
    <TableRegion label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{corner}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {columnLabel(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <th scope="row">{rowLabel(row)}</th>
              {columns.map((column) => (
                <td key={column}>{cell(row, column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  )
}

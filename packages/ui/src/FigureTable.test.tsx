import { Table, TableBody, TableHead } from '@mui/material'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FigureRow } from './FigureTable.tsx'

const columns = ['chest', 'length'] as const

function sizeChart(markColumns: boolean) {
  render(
    <Table aria-label="Sizes">
      <TableHead>
        <FigureRow head label="Size" columns={columns} value={(column) => column.toUpperCase()} />
      </TableHead>
      <TableBody>
        {['S', 'M'].map((size) => (
          <FigureRow
            key={size}
            label={size}
            columns={columns}
            value={(column) => `${size}-${column}`}
            markColumns={markColumns}
          />
        ))}
      </TableBody>
    </Table>,
  )
  return screen.getByRole('table', { name: 'Sizes' })
}

describe('figure table rows', () => {
  it('name each row by its header and each column by its header, figures right-aligned', () => {
    const table = sizeChart(false)
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Size', 'CHEST', 'LENGTH'])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['S', 'M'])
    const row = within(table).getByRole('rowheader', { name: 'M' }).closest('tr') as HTMLElement
    const cells = within(row).getAllByRole('cell')
    expect(cells.map((cell) => cell.textContent)).toEqual(['M-chest', 'M-length'])
    expect(cells.every((cell) => cell.className.includes('MuiTableCell-alignRight'))).toBe(true)
    expect(table.querySelector('[data-column]')).toBeNull()
  })

  it('marks each figure with its column when asked', () => {
    const table = sizeChart(true)
    const row = within(table).getByRole('rowheader', { name: 'S' }).closest('tr') as HTMLElement
    expect(row.querySelector('[data-column="length"]')?.textContent).toBe('S-length')
  })
})

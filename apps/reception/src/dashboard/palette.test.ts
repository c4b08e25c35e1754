import { getContrastRatio } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { receptionTheme } from '../layout/theme.ts'
import { chartLabelColour, chartPalette } from './palette.ts'

const schemes = (
  receptionTheme as unknown as {
    colorSchemes: Record<'light' | 'dark', { palette: { background: { default: string; paper: string } } }>
  }
).colorSchemes

describe('the dashboard chart palette', () => {
  it('has four distinct colours', () => {
    expect(new Set(chartPalette).size).toBe(4)
  })

  for (const scheme of ['light', 'dark'] as const) {
    it(`keeps every colour at least 3:1 against the ${scheme} backgrounds`, () => {
      const { background } = schemes[scheme].palette
      for (const colour of chartPalette) {
        expect(getContrastRatio(colour, background.default), colour).toBeGreaterThanOrEqual(3)
        expect(getContrastRatio(colour, background.paper), colour).toBeGreaterThanOrEqual(3)
      }
    })
  }

  it('keeps the bar labels at least 4.5:1 on every colour', () => {
    for (const colour of chartPalette) {
      expect(getContrastRatio(chartLabelColour, colour), colour).toBeGreaterThanOrEqual(4.5)
    }
  })
})

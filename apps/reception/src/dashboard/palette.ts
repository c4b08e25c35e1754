import { brandColors } from '@furfes/core'
import { darken } from '@mui/material/styles'

/**
 * The dashboard's series colours, from the festival's palette (decision 188): the brand pink, then the accent
 * cyan, the warning orange and the pale yellow taken dark enough to be seen. Each is a middle tone that keeps
 * 3:1 against both schemes' backgrounds, so one palette serves light and dark, and black labels on the bars
 * keep 4.5:1 on every one of them (palette.test.ts). Colour never carries a series alone: each bar is labelled
 * with its series where it has room, and the legend names them all.
 */
export const chartPalette: readonly string[] = [
  brandColors.primary,
  darken(brandColors.accent, 0.1),
  darken(brandColors.warning, 0.1),
  darken(brandColors.secondary, 0.5),
]

/** The text colour of a label drawn on a bar. */
export const chartLabelColour = '#000000'

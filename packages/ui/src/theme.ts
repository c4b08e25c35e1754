import { brandColors, breakpoints } from '@furfes/core'
import { createTheme, type Theme } from '@mui/material/styles'

export type ThemeMode = 'light' | 'dark'

/**
 * Brand: primary pink, secondary pale yellow, accent cyan, error red, warning orange (spec section 9).
 * Component defaults follow the spec: buttons without elevation, flat bordered cards, compact inputs.
 */
export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: brandColors.primary },
      secondary: { main: brandColors.secondary, contrastText: brandColors.onSecondary },
      info: { main: brandColors.accent },
      error: { main: brandColors.error },
      warning: { main: brandColors.warning },
    },
    breakpoints: {
      values: {
        xs: breakpoints.xs,
        sm: breakpoints.sm,
        md: breakpoints.md,
        lg: breakpoints.lg,
        xl: breakpoints.xl,
      },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { size: 'small' } },
      MuiSelect: { defaultProps: { size: 'small' } },
      MuiSwitch: { defaultProps: { size: 'small' } },
      MuiCheckbox: { defaultProps: { size: 'small' } },
    },
  })
}

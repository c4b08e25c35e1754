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
      primary: { main: '#d63384' },
      secondary: { main: '#fff3b0', contrastText: '#3d3300' },
      info: { main: '#00a3bf' },
      error: { main: '#d32f2f' },
      warning: { main: '#ed6c02' },
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

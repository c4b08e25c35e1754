import { brandColors, breakpoints } from '@furfes/core'
import {
  type CssVarsTheme,
  createTheme,
  darken,
  lighten,
  type Theme,
  type ThemeOptions,
} from '@mui/material/styles'
import type { ComponentType } from 'react'

export type ThemeMode = 'light' | 'dark'

/** Where the colour scheme is written: `<html class="light">` or `<html class="dark">`. */
export const colorSchemeAttribute = 'class'
/** The localStorage key MUI keeps the chosen mode in (`light`, `dark` or `system`). */
export const themeModeStorageKey = 'mui-mode'

// System fonts only: a Japanese web font would cost hundreds of KiB before the first paint on a phone.
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Hiragino Sans"',
  '"Hiragino Kaku Gothic ProN"',
  '"Noto Sans JP"',
  '"Yu Gothic UI"',
  'Meiryo',
  'sans-serif',
].join(',')

/**
 * An anchor-like component MUI renders for `href` props: the app passes its router's link, which must accept
 * `href` and a ref (React 19 passes refs as props) and render one `<a>`.
 */
// biome-ignore lint/suspicious/noExplicitAny: MUI passes its own props through to the link component.
type LinkComponent = ComponentType<any>

export interface AppThemeOptions {
  /** The scheme shown before the user chooses and when the browser states no preference. */
  defaultColorScheme?: ThemeMode
  /** Renders every MUI `href` (Button, Link, ListItemButton…) through the app's router. */
  linkComponent?: LinkComponent
  /** An app's own component defaults, over the shared ones (the reception's tables and buttons). */
  components?: ThemeOptions['components']
}

/**
 * Brand: primary pink, secondary pale yellow, accent cyan, error red, warning orange (docs/requirements.md UI-2), in a
 * light and a dark scheme emitted as CSS variables, so a prerendered page shows the right scheme before any
 * script runs. Text colours keep at least 4.5:1 against their background in both schemes (theme.test.ts).
 *
 * Component defaults (docs/requirements.md UI-4): buttons without elevation; flat bordered cards; solo compact text
 * fields, areas, selects and comboboxes; compact switches and checkboxes; outlined compact divided toggle
 * buttons; flat bordered floating action buttons.
 */
/**
 * The brand surfaces: the header's pink and the top page's pale yellow stay the same in both schemes, so the
 * site keeps its face in dark mode (docs/decisions/127). White on this pink is above 4.5:1.
 */
export const brandSurfaces = {
  header: { background: darken(brandColors.primary, 0.12), text: '#ffffff' },
  hero: { background: brandColors.secondary, text: brandColors.onSecondary },
} as const

/** The theme with its colours as CSS variables: it writes the style sheet of both schemes' variables. */
export type AppTheme = Theme &
  Pick<CssVarsTheme, 'generateStyleSheets' | 'generateThemeVars' | 'generateSpacing'>

export function createAppTheme(options: AppThemeOptions | ThemeMode = {}): AppTheme {
  const {
    defaultColorScheme = 'light',
    linkComponent,
    components,
  } = typeof options === 'string' ? { defaultColorScheme: options } : options
  // `cssVariables` makes createTheme build a CSS-variables theme; MUI's types say so only to a project that
  // declares it for every theme, and the tests' plain themes are not.
  return createTheme({
    cssVariables: { colorSchemeSelector: colorSchemeAttribute },
    defaultColorScheme,
    colorSchemes: {
      light: {
        palette: {
          // The brand pink is 4.5:1 on white exactly, so any hover tint (a hovered table row, a hovered text
          // button) took pink text under 4.5:1; a little darker, it keeps 4.5:1 on both tints together.
          primary: { main: darken(brandColors.primary, 0.12), contrastText: '#ffffff' },
          secondary: { main: brandColors.secondary, contrastText: brandColors.onSecondary },
          info: { main: brandColors.accent, contrastText: '#000000' },
          error: { main: brandColors.error },
          warning: { main: brandColors.warning, contrastText: '#000000' },
        },
      },
      dark: {
        palette: {
          primary: { main: lighten(brandColors.primary, 0.3), contrastText: '#000000' },
          secondary: { main: brandColors.secondary, contrastText: brandColors.onSecondary },
          info: { main: brandColors.accent, contrastText: '#000000' },
          error: { main: lighten(brandColors.error, 0.2), contrastText: '#000000' },
          warning: { main: brandColors.warning, contrastText: '#000000' },
        },
      },
    },
    // Sentence case: MUI's capitals shout in English and mean nothing in Japanese (docs/decisions/127).
    typography: { fontFamily, button: { textTransform: 'none' } },
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
      ...(linkComponent ? { MuiButtonBase: { defaultProps: { LinkComponent: linkComponent } } } : {}),
      // MUI greys a coloured app bar in the dark scheme; the header keeps the brand pink in both.
      MuiAppBar: {
        defaultProps: { elevation: 0, enableColorOnDark: true },
        styleOverrides: {
          colorPrimary: {
            '--AppBar-background': brandSurfaces.header.background,
            '--AppBar-color': brandSurfaces.header.text,
            backgroundColor: brandSurfaces.header.background,
            color: brandSurfaces.header.text,
          },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { size: 'small', variant: 'outlined' } },
      MuiSelect: { defaultProps: { size: 'small' } },
      MuiAutocomplete: { defaultProps: { size: 'small' } },
      MuiSwitch: { defaultProps: { size: 'small' } },
      MuiCheckbox: { defaultProps: { size: 'small' } },
      MuiToggleButtonGroup: { defaultProps: { size: 'small', color: 'primary' } },
      MuiFab: {
        styleOverrides: {
          root: ({ theme }) => ({
            boxShadow: 'none',
            border: `1px solid ${theme.vars?.palette.divider ?? theme.palette.divider}`,
            '&:active': { boxShadow: 'none' },
          }),
        },
      },
      MuiLink: {
        defaultProps: { underline: 'always', ...(linkComponent ? { component: linkComponent } : {}) },
      },
      ...components,
    },
  }) as AppTheme
}

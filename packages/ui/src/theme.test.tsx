import { alpha, decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { brandSurfaces, createAppTheme } from './theme.ts'

describe('app theme', () => {
  // createTheme with colour schemes returns a CSS-variables theme; its type is the plain Theme.
  const theme = createAppTheme() as ReturnType<typeof createAppTheme> & {
    colorSchemes: Record<string, unknown>
    defaultColorScheme: string
  }
  const schemes = theme.colorSchemes as Record<
    'light' | 'dark',
    { palette: Record<string, unknown> } | undefined
  >

  it('has a light default scheme and a dark one', () => {
    expect(theme.defaultColorScheme).toBe('light')
    expect(Object.keys(theme.colorSchemes).sort()).toEqual(['dark', 'light'])
  })

  it('keeps text at least 4.5:1 against its background in both schemes', () => {
    for (const name of ['light', 'dark'] as const) {
      const palette = schemes[name]?.palette as {
        background: { default: string; paper: string }
        text: { primary: string }
        primary: { main: string; contrastText: string }
        secondary: { main: string; contrastText: string }
      }
      expect(getContrastRatio(palette.text.primary, palette.background.default), name).toBeGreaterThanOrEqual(
        4.5,
      )
      expect(getContrastRatio(palette.primary.main, palette.background.default), name).toBeGreaterThanOrEqual(
        4.5,
      )
      expect(
        getContrastRatio(palette.primary.contrastText, palette.primary.main),
        name,
      ).toBeGreaterThanOrEqual(4.5)
      expect(
        getContrastRatio(palette.secondary.contrastText, palette.secondary.main),
        name,
      ).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('keeps primary text at least 4.5:1 on a hovered row under a hovered text button, in both schemes', () => {
    // What the participant table shows when the pointer rests on a name: the row's hover tint, then the text
    // button's own primary tint over it.
    for (const name of ['light', 'dark'] as const) {
      const palette = schemes[name]?.palette as {
        background: { paper: string }
        primary: { main: string }
        action: { hover: string; hoverOpacity: number }
      }
      const hoveredRow = over(palette.action.hover, palette.background.paper)
      const hoveredButton = over(alpha(palette.primary.main, palette.action.hoverOpacity), hoveredRow)
      expect(getContrastRatio(palette.primary.main, hoveredButton), name).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('writes buttons in sentence case, not in capitals', () => {
    expect(theme.typography.button.textTransform).toBe('none')
  })

  it('keeps the pink header and the yellow hero in both schemes, readable', () => {
    const appBar = theme.components?.MuiAppBar
    expect(appBar?.defaultProps?.enableColorOnDark).toBe(true)
    expect(appBar?.styleOverrides?.colorPrimary).toMatchObject({
      backgroundColor: brandSurfaces.header.background,
      color: brandSurfaces.header.text,
    })
    for (const surface of [brandSurfaces.header, brandSurfaces.hero]) {
      expect(getContrastRatio(surface.text, surface.background)).toBeGreaterThanOrEqual(4.5)
    }
    // The hero is the secondary colour, which the dark scheme does not change.
    expect(schemes.dark?.palette.secondary).toMatchObject({ main: brandSurfaces.hero.background })
  })

  it('follows the spec: breakpoints of the first reading and flat components', () => {
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 576, md: 768, lg: 960, xl: 1080 })
    expect(theme.components?.MuiButton?.defaultProps?.disableElevation).toBe(true)
    expect(theme.components?.MuiCard?.defaultProps?.variant).toBe('outlined')
    expect(theme.components?.MuiTextField?.defaultProps?.size).toBe('small')
  })
})

/** Paints a colour (with its alpha) over an opaque one, as the browser does. */
function over(top: string, bottom: string): string {
  const [r, g, b, opacity = 1] = decomposeColor(top).values
  const [r0, g0, b0] = decomposeColor(bottom).values
  const mix = (upper: number, lower: number) => Math.round(upper * opacity + lower * (1 - opacity))
  return recomposeColor({ type: 'rgb', values: [mix(r, r0), mix(g, g0), mix(b, b0)] })
}

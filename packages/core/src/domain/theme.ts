/** Layout breakpoints in px, the spec's first reading; the mobile layout applies below `md`. */
export const breakpoints = { xs: 0, sm: 576, md: 768, lg: 960, xl: 1080, xxl: 1200 } as const
export type Breakpoint = keyof typeof breakpoints
export const mobileLayoutBelow: Breakpoint = 'md'

/**
 * The spec's other reading, kept for reference: xs 0, sm 600, md 960, lg 1280, xl 1920, xxl 2560, mobile
 * below lg. See docs/decisions for why the first reading is used.
 */
export const alternativeBreakpoints = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const

/** Brand colours: primary pink, secondary pale yellow, accent cyan, error red, warning orange. */
export const brandColors = {
  primary: '#d63384',
  secondary: '#fff3b0',
  onSecondary: '#3d3300',
  accent: '#00a3bf',
  error: '#d32f2f',
  warning: '#ed6c02',
} as const

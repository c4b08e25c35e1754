import { describe, expect, it } from 'vitest'
import { alternativeBreakpoints, brandColors, breakpoints, mobileLayoutBelow } from './theme.ts'

describe('theme constants', () => {
  it('uses the first reading of the breakpoints, mobile below md', () => {
    expect(breakpoints).toEqual({ xs: 0, sm: 576, md: 768, lg: 960, xl: 1080, xxl: 1200 })
    expect(mobileLayoutBelow).toBe('md')
    expect(alternativeBreakpoints).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 })
  })

  it('names the five brand colours: pink, pale yellow (with its text colour), cyan, red, orange', () => {
    expect(brandColors).toEqual({
      primary: '#d63384',
      secondary: '#fff3b0',
      onSecondary: '#3d3300',
      accent: '#00a3bf',
      error: '#d32f2f',
      warning: '#ed6c02',
    })
  })
})

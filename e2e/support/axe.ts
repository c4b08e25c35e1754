import type { Page } from '@playwright/test'
import axe from 'axe-core'

/**
 * axe's rules that read colours: all that a change of scheme can alter (docs/decisions/196-the-screen-matrix.md).
 * The contrast of text, and a link in a sentence told from its words by colour.
 */
const colourRules = ['color-contrast', 'link-in-text-block'] as const

/** What the page sees once axe's script has run in it. */
type WithAxe = Window & { axe: typeof axe }

/**
 * Every finding of axe on the page as it is now, whatever its impact (WCAG 2.1 A and AA rules and best
 * practice), each with up to five of the elements it found; `colourOnly` runs the colour rules alone. Transitions
 * and animations are ended first, so colours are read as they settle: axe once read a button halfway from its
 * disabled grey to its pink (MUI fades a button's colours over 250 ms), a contrast no one sees for longer than
 * that.
 *
 * axe's script goes into a document once and runs there as often as the test asks
 * (docs/decisions/204-a-quicker-end-to-end-run.md): putting its half a megabyte of script into the page again for
 * every check, and finishing each run in a blank page of its own as the Playwright wrapper does, took most of
 * a check's time.
 */
export async function axeViolations(page: Page, options: { colourOnly?: boolean } = {}) {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  })
  // Colours are judged as they settle: an element fading in (the offline notice) is half transparent until its
  // inline opacity is set on a later frame, and axe would judge its text against the page behind it.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
  // Every frame gets axe, so the top frame's run reaches into any frame the page holds.
  for (const frame of page.frames())
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source)
  // Only the violations are read: axe then skips collecting the details of every node that passed.
  return page.evaluate(
    async (rules) => {
      const { violations } = await (window as unknown as WithAxe).axe.run(document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
      })
      return violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }))
    },
    options.colourOnly ? [...colourRules] : null,
  )
}

/** axe's findings that block someone on the page as it is now: the serious and critical ones. */
export async function blockingViolations(page: Page) {
  return (await axeViolations(page)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
}

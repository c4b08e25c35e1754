/** Font sizes the badge name may take, in CSS pixels (1 mm = 96 / 25.4 px, on screen and on paper alike). */
const nameFontRange = { min: 8, max: 60 } as const

/** How many halvings of the range: 7 brings the size within half a pixel. */
const steps = 7

function fits(element: HTMLElement): boolean {
  return element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight
}

/**
 * Sets each element's font size to the largest that keeps its text inside its box (wrapping allowed), by
 * measuring: a binary search run on all elements at once, so a sheet of thousands of badges is laid out once
 * per step rather than once per badge and step. Widths are in millimetres, so the size that fits on the
 * screen fits on paper.
 */
export function fitText(elements: readonly HTMLElement[]): void {
  const low: number[] = elements.map(() => nameFontRange.min)
  const high: number[] = elements.map(() => nameFontRange.max)
  for (const element of elements) element.style.fontSize = `${nameFontRange.max}px`
  // Names that fit at the largest size stay there.
  const open = elements.map((element) => !fits(element))
  for (let step = 0; step < steps; step++) {
    const middles = elements.map((_, i) => ((low[i] as number) + (high[i] as number)) / 2)
    elements.forEach((element, i) => {
      if (open[i]) element.style.fontSize = `${middles[i]}px`
    })
    // All writes first, then all reads: one layout per step.
    elements.forEach((element, i) => {
      if (!open[i]) return
      if (fits(element)) low[i] = middles[i] as number
      else high[i] = middles[i] as number
    })
  }
  elements.forEach((element, i) => {
    if (open[i]) element.style.fontSize = `${low[i]}px`
  })
}

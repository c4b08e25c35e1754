import type { ReactNode } from 'react'

/**
 * Wraps a table that may be wider than a phone's screen: it scrolls sideways inside a labelled region, which
 * keyboard users can focus to scroll it (axe: scrollable-region-focusable).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  )
}

// Layout checks measured in the page (no screenshots): what a reader on a phone or a desktop would notice.
import type { Page } from '@playwright/test'

/**
 * Everything on the page that is wider than its box or reaches past the screen, and every button that
 * writes its words in capitals. Deliberate sideways scrollers (overflow-x auto or scroll: wide tables, My
 * Page's menu) may hold wider content; nothing may make the page itself scroll sideways.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : ''
      const className = typeof element.className === 'string' ? element.className.split(' ')[0] : ''
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      return `<${element.tagName.toLowerCase()}${id}${className ? `.${className}` : ''}> "${text}"`
    }
    const scrolls = (style: CSSStyleDeclaration) => style.overflowX === 'auto' || style.overflowX === 'scroll'
    const root = document.documentElement
    const screenWidth = root.clientWidth
    if (root.scrollWidth > screenWidth) {
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide on a ${screenWidth} px screen`)
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!(element instanceof HTMLElement)) continue
      const style = getComputedStyle(element)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      const box = element.getBoundingClientRect()
      // Visually hidden text for screen readers is a 1 px clipped box.
      if (box.width <= 1 || box.height <= 1) continue
      let insideScroller = false
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (scrolls(getComputedStyle(parent))) {
          insideScroller = true
          break
        }
      }
      if (!insideScroller && (box.left < -0.5 || box.right > screenWidth + 0.5)) {
        problems.push(
          `${name(element)} reaches past the screen: ${Math.round(box.left)}–${Math.round(box.right)} of ${screenWidth} px`,
        )
      }
      const formControl = ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)
      if (
        !scrolls(style) &&
        !formControl &&
        style.textOverflow !== 'ellipsis' &&
        element.clientWidth > 0 &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        problems.push(
          `${name(element)} holds content wider than itself: ${element.scrollWidth} > ${element.clientWidth} px`,
        )
      }
    }
    for (const button of document.querySelectorAll('button, [role="button"], .MuiButtonBase-root')) {
      if (getComputedStyle(button).textTransform === 'uppercase')
        problems.push(`${name(button)} is in capitals`)
    }
    // A disclosure's marker hangs outside its box unless it sits inside it.
    for (const summary of document.querySelectorAll('summary')) {
      const style = getComputedStyle(summary)
      if (style.display === 'list-item' && style.listStylePosition !== 'inside') {
        problems.push(`${name(summary)} hangs its marker outside its box`)
      }
    }
    // A column heading broken into lines (Japanese broke one character per line on a phone).
    for (const heading of document.querySelectorAll<HTMLElement>('thead th')) {
      if (heading.getBoundingClientRect().width <= 1) continue
      const range = document.createRange()
      range.selectNodeContents(heading)
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
      if (lines.size > 1) problems.push(`${name(heading)} breaks over ${lines.size} lines`)
    }
    return problems
  })
}

/** How My Page's menu lays out its items: on one line, or scrolling sideways. */
export function menuRow(page: Page, label: string) {
  return page.getByRole('navigation', { name: label }).evaluate((menu) => {
    const tops = new Set([...menu.children].map((item) => Math.round(item.getBoundingClientRect().top)))
    const overflowX = getComputedStyle(menu).overflowX
    return {
      lines: tops.size,
      scrollable: overflowX === 'auto' || overflowX === 'scroll',
      overflows: menu.scrollWidth > menu.clientWidth,
    }
  })
}

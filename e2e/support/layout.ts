// Layout checks measured in the page (no screenshots): what a reader on a phone or a desktop would notice.
import type { Page } from '@playwright/test'

/**
 * Everything on the page that is wider than its box or reaches past the screen, every button that writes its
 * words in capitals and every text set under 12 px. Deliberate sideways scrollers (overflow-x auto or scroll: wide tables, My
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
      // Visually hidden text for screen readers is a 1 px clipped box; a transparent element is not seen.
      if (box.width <= 1 || box.height <= 1) continue
      if (!element.checkVisibility({ opacityProperty: true })) continue
      // MUI's switch: its hidden input spans three times the switch so the whole track takes the click, and the
      // switch clips it.
      if (element.closest('.MuiSwitch-root')) continue
      // What a scroller or a clipping box holds is seen only inside that box, which is itself measured: a
      // progress bar's moving part is translated past its track, which hides it.
      let insideScroller = false
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const parentStyle = getComputedStyle(parent)
        if (scrolls(parentStyle) || parentStyle.overflowX === 'hidden' || parentStyle.overflowX === 'clip') {
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
      // A scroller's own row (MUI's scrollable tabs lay theirs out as a flex row the scroller's width) scrolls
      // with the scroller: what reaches past the row is reached by scrolling.
      const parentScrolls = element.parentElement !== null && scrolls(getComputedStyle(element.parentElement))
      if (
        !scrolls(style) &&
        !parentScrolls &&
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
    // Text smaller than 12 px is hard to read on any screen. Visually hidden text (a 1 px clipped box for screen
    // readers) is not seen.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || !node.textContent?.trim()) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const box = range.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
      let clipped = false
      for (let ancestor: HTMLElement | null = parent; ancestor; ancestor = ancestor.parentElement) {
        const rect = ancestor.getBoundingClientRect()
        const cut = getComputedStyle(ancestor)
        const clips = cut.overflow !== 'visible' || cut.clip !== 'auto' || cut.clipPath !== 'none'
        if (clips && (rect.width <= 1 || rect.height <= 1)) {
          clipped = true
          break
        }
      }
      if (clipped) continue
      const size = Number.parseFloat(getComputedStyle(parent).fontSize)
      if (size < 12) problems.push(`${name(parent)} sets its text in ${size} px, under 12 px`)
    }
    // A column heading broken into lines (Japanese broke one character per line on a phone).
    for (const heading of document.querySelectorAll<HTMLElement>('thead th')) {
      if (heading.getBoundingClientRect().width <= 1) continue
      // Its words' lines, not its icons' (a sort arrow sits a few pixels lower than the text beside it).
      const words = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
      const lines = new Set<number>()
      for (let node = words.nextNode(); node; node = words.nextNode()) {
        if (!node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top))
      }
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

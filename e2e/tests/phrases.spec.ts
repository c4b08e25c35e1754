// Japanese headings break between phrases on a phone, never inside a word
// (docs/decisions/190-japanese-phrase-breaks.md, docs/decisions/205-phrase-breaks-as-markup.md): read from the
// line boxes the browser lays the text out in.
import type { Locator, Page } from '@playwright/test'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { appStarted, pageUrl, publicRoutes } from '../support/public-site.ts'
import { receptionUrl, signInAdmin } from '../support/reception.ts'

/** The text of each line an element's text is laid out on, in order (a character's line is its box's top). */
function lines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const found: { top: number; text: string }[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        const rect = [...range.getClientRects()].find((box) => box.width > 0)
        if (!rect) continue
        const last = found.at(-1)
        // A new line starts below the previous one (a character's box may sit a pixel or two off the line's).
        if (last && rect.top < last.top + rect.height / 2) last.text += text[index]
        else found.push({ top: rect.top, text: text[index] ?? '' })
      }
    }
    return found.map((line) => line.text.replace(/\s/g, ''))
  })
}

/** Every line break inside a word: `words` written one after another make up the text. */
function breaksInsideWords(lineTexts: string[], words: string[]): string[] {
  const ends = new Set<number>()
  let at = 0
  for (const word of words) {
    at += word.length
    ends.add(at)
  }
  const problems: string[] = []
  let position = 0
  for (const line of lineTexts.slice(0, -1)) {
    position += line.length
    if (!ends.has(position)) problems.push(`a line ends inside a word after "${line}"`)
  }
  return problems
}

test.use({ viewport: { width: 390, height: 844 } })

test('at 390 px the edition’s name breaks between its words, in the header and the heading', async ({
  page,
}) => {
  await page.goto('/ja')
  await appStarted(page)
  const { edition } = await servedEdition()
  const name = edition.name.ja
  // "東京ふぁーりーフェス 2025": the words the name is made of (the broken header read "…フェ / ス 2025").
  const [, year = ''] = name.match(/^東京ふぁーりーフェス (\S+)$/) ?? []
  expect(year, `the e2e stack serves core's first edition, not "${name}"`).not.toBe('')
  const words = ['東京', 'ふぁーりー', 'フェス', year]
  const heading = page.getByRole('heading', { level: 1, name })
  const header = page.getByRole('banner').getByRole('link', { name })
  for (const element of [heading, header]) {
    const laidOut = await lines(element)
    expect(laidOut.join('')).toBe(words.join(''))
    expect(breaksInsideWords(laidOut, words)).toEqual([])
  }
})

// The prerendered HTML, as the browser paints it before any script runs (decision 205).
test.describe('the prerendered Japanese pages', () => {
  test.use({ javaScriptEnabled: false })

  test('carry BudouX’s phrase marks in their headings and table headers, with the text and head as written', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    let marked = 0
    for (const path of new Set(publicRoutes.map((route) => pageUrl('ja', route.path)))) {
      const [head = '', body = ''] = (await (await page.request.get(path)).text()).split('<div id="root">')
      // The title and description are written as they are (a <wbr> there would be shown as text).
      expect(head, path).not.toContain('<wbr>')
      const written = [
        ...body.matchAll(/<(h[1-6]|th)\b[^>]*>((?:[^<]|<wbr>)*<wbr>(?:[^<]|<wbr>)*)<\/\1>/g),
      ].map(([, , text = '']) => text.replaceAll('<wbr>', '').replaceAll('&amp;', '&'))
      const marks = (html: string) => html.match(/<wbr>/g)?.length ?? 0
      // Every mark is in a heading or a table header.
      const inPhrased = [...body.matchAll(/<(h[1-6]|th)\b[^>]*>(?:[^<]|<wbr>)*<\/\1>/g)]
      expect(marks(body), path).toBe(inPhrased.reduce((count, [element]) => count + marks(element), 0))
      if (written.length === 0) continue
      marked++
      await page.goto(path)
      // The marks are elements, not characters: the text a reader copies, finds or hears is as written.
      const texts = await page
        .locator('#root wbr')
        .evaluateAll((marks) =>
          [...new Set(marks.map((mark) => mark.parentElement))].map((e) => e?.textContent),
        )
      expect(texts, path).toEqual(written)
    }
    expect(marked).toBeGreaterThan(10)
  })

  test('without the browser’s phrase rules, a long heading breaks only where BudouX marked a phrase', async ({
    page,
  }) => {
    await page.goto('/ja/specified-commercial-transaction-act')
    const heading = page.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記', exact: true })
    await expect(heading).toHaveText('特定商取引法に基づく表記')
    expect(await heading.evaluate((element) => element.innerHTML)).toBe('特定商取引法に<wbr>基づく<wbr>表記')
    await expect(page).toHaveTitle(/^特定商取引法に基づく表記 \| /)
    // What Safari and Firefox do (no `auto-phrase`): break only at spaces, punctuation and the marks; the
    // heading is set narrower than its text so that it must break.
    await heading.evaluate((element) =>
      element.setAttribute('style', 'word-break: keep-all !important; width: 8em; letter-spacing: 0'),
    )
    const laidOut = await lines(heading)
    expect(laidOut.length).toBeGreaterThan(1)
    expect(breaksInsideWords(laidOut, ['特定商取引法に', '基づく', '表記'])).toEqual([])
  })
})

// React adopts the prerendered HTML rather than drawing it again: a text it did not expect (this visit's
// GET /edition answer reaching a part hydrated late) once made it redraw the page, dropping the marks
// (decision 203). The marked headings must be the very elements the HTML made, with their marks, once the app runs.
for (const path of ['/ja', '/ja/specified-commercial-transaction-act', '/ja/faq']) {
  test(`${path}: the app adopts the prerendered headings with their phrase marks`, async ({ page }) => {
    await page.addInitScript(() => {
      // Before the page's scripts run (they are deferred), keep the headings the HTML made.
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return
        const kept = [...document.querySelectorAll('#root h1, #root h2, #root th')].filter((element) =>
          element.querySelector('wbr'),
        )
        Object.assign(window, { prerenderedHeadings: kept })
      })
    })
    await page.goto(path)
    await appStarted(page)
    await page.waitForLoadState('networkidle')
    const adopted = await page.evaluate(() => {
      const kept = (window as unknown as { prerenderedHeadings: Element[] }).prerenderedHeadings
      return {
        count: kept.length,
        detached: kept.filter((element) => !element.isConnected).map((element) => element.textContent),
        unmarked: kept
          .filter((element) => !element.querySelector('wbr'))
          .map((element) => element.textContent),
      }
    })
    expect(adopted.count, path).toBeGreaterThan(0)
    expect(adopted.detached, path).toEqual([])
    expect(adopted.unmarked, path).toEqual([])
  })
}

// What the browser renders itself (the reception, My Page, a page reached inside the app) gets its marks from
// React, with BudouX loaded only where the browser lacks `auto-phrase` (decision 212). Chromium has it: the
// fallback is forced by answering `CSS.supports` for it as Safari and Firefox do.
test.describe('a screen the browser renders itself', () => {
  const staffPage = `${receptionUrl}/ja/admin/staff`
  /** Every script the page requests, by its file name. */
  const scriptsOf = (page: Page) => {
    const files: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script')
        files.push(new URL(request.url()).pathname.split('/').pop() ?? '')
    })
    return files
  }

  test('without auto-phrase, loads BudouX and marks its phrases in the Japanese headings, the text as written', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const supports = CSS.supports.bind(CSS)
      CSS.supports = ((property: string, value?: string) =>
        property === 'word-break' && value === 'auto-phrase'
          ? false
          : value === undefined
            ? supports(property)
            : supports(property, value)) as typeof CSS.supports
    })
    const scripts = scriptsOf(page)
    await signInAdmin(page)
    await page.goto(staffPage)
    const heading = page.getByRole('heading', { level: 2, name: 'スタッフを招待', exact: true })
    await expect(heading.locator('wbr')).toHaveCount(1)
    expect(await heading.evaluate((element) => element.innerHTML)).toBe('スタッフを<wbr>招待')
    // The mark is a line-break opportunity, not a character: what is shown, read and copied is as written.
    // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out and shown is what is compared
    expect(await heading.evaluate((element) => (element as HTMLElement).innerText)).toBe('スタッフを招待')
    expect(scripts.filter((file) => file.startsWith('phrase-marks-'))).toHaveLength(1)
    // The English screen is left as written.
    await page.goto(`${receptionUrl}/en/admin/staff`)
    await expect(page.getByRole('heading', { level: 2, name: 'Invite a staff member' })).toBeVisible()
    await expect(page.locator('main wbr')).toHaveCount(0)
  })

  test('with auto-phrase (Chromium), loads no parser and renders the headings as written', async ({
    page,
  }) => {
    const scripts = scriptsOf(page)
    await signInAdmin(page)
    await page.goto(staffPage)
    const heading = page.getByRole('heading', { level: 2, name: 'スタッフを招待', exact: true })
    await expect(heading).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await heading.evaluate((element) => element.innerHTML)).toBe('スタッフを招待')
    expect(scripts.filter((file) => file.startsWith('phrase-marks-'))).toEqual([])
  })
})

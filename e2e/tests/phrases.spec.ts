// Japanese headings break between phrases on a phone, never inside a word
// (docs/decisions/190-japanese-phrase-breaks.md): read from the line boxes the browser lays the text out in.
import type { Locator } from '@playwright/test'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { appStarted } from '../support/public-site.ts'

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

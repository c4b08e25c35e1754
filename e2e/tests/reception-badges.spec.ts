import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { blockingViolations } from '../support/axe.ts'
import { expect, test } from '../support/fixtures.ts'
import { createPaidParticipant, receptionUrl, signInAdmin, withDevices } from '../support/reception.ts'
import { answerRewritten } from '../support/routes.ts'

/*
 * Badge sheets printed from the reception app through Chromium's own print to PDF: the page count and the
 * names in the PDF. One participant pays through the whole stack; eleven more are added to the list the
 * tablet receives (so the sheet count does not depend on what other specs left in the API), among them the
 * longest names a badge must hold: 20 wide Latin letters and 20 kanji.
 */

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 })

const run = Math.random().toString(36).slice(2, 8)
const worstLatin = 'W'.repeat(20)
const worstKanji = '鬱'.repeat(20)
const worstMixed = 'ＷＷＷＷＷＷＷＷＷＷ鬱鬱鬱鬱鬱鬱鬱鬱鬱鬱'
const addedNames = [
  worstLatin,
  worstKanji,
  worstMixed,
  'きつねのコン',
  'Lynx',
  'たぬき',
  'Otter Otter Otter 12',
  '狼',
  'Husky',
  'ソラ Dragon',
  'Hare',
]

function addedParticipant(badgeName: string, index: number) {
  return {
    user: { user_id: randomUUID(), email: `badge-${run}-${index}@example.com` },
    registration: {
      id: randomUUID(),
      registration_tier: (['member', 'fursuiter', 'sponsor', 'sponsor_fursuiter'] as const)[index % 4],
      badge_name: badgeName,
      payment_status: 'paid',
      badge_number: 100 + index,
    },
    // The longest foot band: the sponsor fursuit tier, its sponsor mark and the tasting's word (decision 191).
    ...(index === 3
      ? {
          addons: [
            { code: 'cooking_club_tasting', name_ja: '料理部 試食会', name_en: 'Cooking club tasting' },
          ],
        }
      : {}),
  }
}

const pointsPerMm = 72 / 25.4
const pxPerMm = 96 / 25.4

async function pdfOf(page: Page) {
  await page.emulateMedia({ media: 'print' })
  // Where each badge of the first sheet lies on the paper as printed, in millimetres from its corner.
  const badges = await page
    .locator('[data-badge-sheet]')
    .first()
    .locator('[data-badge]')
    .evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect()
        return {
          x: box.left + window.scrollX,
          y: box.top + window.scrollY,
          width: box.width,
          height: box.height,
        }
      }),
    )
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  await page.emulateMedia({ media: 'screen' })
  const document = await getDocumentProxy(new Uint8Array(pdf))
  const { totalPages, text } = await extractText(document, { mergePages: true })
  const [, , widthPt = 0, heightPt = 0] = (await document.getPage(1)).view
  return {
    totalPages,
    // Chromium may split a run of glyphs; the names are compared without the spaces between them.
    text: text.replace(/\s+/g, ''),
    pageMm: { width: widthPt / pointsPerMm, height: heightPt / pointsPerMm },
    badgesMm: badges.map((box) => ({
      x: box.x / pxPerMm,
      y: box.y / pxPerMm,
      width: box.width / pxPerMm,
      height: box.height / pxPerMm,
    })),
  }
}

test('the badge sheets print to A4 PDF pages holding every name, fitted to the badge', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const fox = await createPaidParticipant(browser, `Badge Fox ${run}`)
  await withDevices(browser, ['Badge desk'], async ([{ page }]) => {
    // The added names exist only on this tablet: their printed marks are answered here, as the API would.
    const marked = new Map<string, string>()
    await page.route('**/admin/badge-prints', async (route) => {
      const { items } = route.request().postDataJSON() as {
        items: { id: string; registration_id: string; kind: string; marked_at: string }[]
      }
      for (const item of items) {
        if (item.kind === 'mark') marked.set(item.registration_id, item.marked_at)
        else marked.delete(item.registration_id)
      }
      await route.fulfill({ json: { results: items.map((item) => ({ id: item.id, status: 'accepted' })) } })
    })
    // The tablet's list: this spec's paid participant, from the API, and the eleven added names.
    await page.route('**/admin/participants', (route) =>
      answerRewritten<{ items: { user: { user_id: string } }[] }>(route, (body) => {
        const ours = body.items.filter((item) => item.user.user_id === fox.userId)
        const items = [...ours, ...addedNames.map((name, index) => addedParticipant(name, index))].map(
          (item) => {
            const at = marked.get((item as { registration?: { id?: string } }).registration?.id ?? '')
            return at === undefined
              ? item
              : { ...item, badge_print: { printed_at: at, reprint_needed: false } }
          },
        )
        return { items }
      }),
    )
    await signInAdmin(page)
    await expect(page.getByRole('button', { name: fox.badgeName })).toBeVisible()
    await page.getByRole('link', { name: 'Badge sheets' }).click()
    await expect(page.getByRole('heading', { name: 'Badge sheets', level: 1 })).toBeVisible()
    await expect(page.getByText('12 badges on 2 A4 sheets (10 per sheet).')).toBeVisible()

    // Every name inside its box, the worst cases included, and still large enough to read across a room.
    await page.evaluate(() => document.fonts.ready)
    const boxes = await page.locator('[data-badge-name]').evaluateAll((elements) =>
      elements.map((element) => ({
        name: element.textContent,
        fits: element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
        fontPx: Number.parseFloat(getComputedStyle(element).fontSize),
      })),
    )
    expect(boxes).toHaveLength(12)
    for (const box of boxes) expect(box, `${box.name} fits`).toMatchObject({ fits: true })
    const size = (name: string) => boxes.find((box) => box.name === name)?.fontPx ?? 0
    // 5 mm (19 px) and more: two lines of ten for the 20-character names.
    for (const name of [worstLatin, worstKanji, worstMixed]) expect(size(name), name).toBeGreaterThan(19)
    // A short name takes the largest size.
    expect(size('狼')).toBe(60)
    // The foot band holds the tier, the sponsor mark and the tasting's word without running over.
    const tasting = page.locator('[data-badge-addon="cooking_club_tasting"]')
    await expect(tasting).toHaveCount(1)
    await expect(tasting).toHaveText('Tasting')
    expect(
      await tasting.evaluate((element) => {
        const band = element.parentElement?.parentElement as HTMLElement
        return band.scrollWidth <= band.clientWidth
      }),
    ).toBe(true)

    // The edition's artwork per tier beside each name (decisions 206, 211: the festival's set, the setting's default,
    // read from the edition the device synced): the tier's own picture, loaded, inside its
    // badge and clear of the name, which still fits (above).
    await expect
      .poll(() =>
        page
          .locator('[data-badge-artwork]')
          .evaluateAll((pictures) =>
            pictures.filter((picture) => (picture as HTMLImageElement).naturalWidth > 0),
          )
          .then((loaded) => loaded.length),
      )
      .toBe(12)
    const pictures = await page.locator('[data-badge]').evaluateAll((elements) =>
      elements.map((element) => {
        const picture = element.querySelector('[data-badge-artwork]') as HTMLImageElement
        const [badge, art, name] = [
          element,
          picture,
          element.querySelector('[data-badge-name]') as HTMLElement,
        ].map((part) => part.getBoundingClientRect()) as [DOMRect, DOMRect, DOMRect]
        return {
          tier: element.querySelector('[data-badge-tier]')?.textContent,
          src: new URL(picture.src).pathname,
          inside:
            art.left >= badge.left &&
            art.right <= badge.right &&
            art.top >= badge.top &&
            art.bottom <= badge.bottom &&
            art.width > 0,
          clearOfName: art.right <= name.left,
        }
      }),
    )
    const artworkOf = {
      Member: '/badges/member.svg',
      Fursuiter: '/badges/fursuiter.svg',
      Sponsor: '/badges/sponsor.svg',
      'Fursuiter sponsor': '/badges/sponsor-fursuiter.svg',
    }
    for (const picture of pictures)
      expect(picture).toEqual({
        tier: picture.tier,
        src: artworkOf[picture.tier as keyof typeof artworkOf],
        inside: true,
        clearOfName: true,
      })
    expect(new Set(pictures.map((picture) => picture.src)).size).toBe(4)

    const sheet = await pdfOf(page)
    expect(sheet.totalPages).toBe(2)
    // A4 exactly, and ten 91 × 55 mm badges at the stock's 14 mm and 11 mm margins, two columns of five.
    expect(sheet.pageMm.width).toBeCloseTo(210, 0)
    expect(sheet.pageMm.height).toBeCloseTo(297, 0)
    expect(sheet.badgesMm).toHaveLength(10)
    sheet.badgesMm.forEach((badge, index) => {
      expect(badge.width, `badge ${index} width`).toBeCloseTo(91, 1)
      expect(badge.height, `badge ${index} height`).toBeCloseTo(55, 1)
      expect(badge.x, `badge ${index} left`).toBeCloseTo(14 + (index % 2) * 91, 1)
      expect(badge.y, `badge ${index} top`).toBeCloseTo(11 + Math.floor(index / 2) * 55, 1)
    })
    // The short numbers staff read aloud, not the registration ids (decision 189).
    expect(sheet.text).toContain('No.100')
    expect(sheet.text).toContain('Tasting')
    expect(sheet.text).not.toContain(fox.registrationId.replace(/\s+/g, ''))
    for (const name of [fox.badgeName, ...addedNames]) expect(sheet.text).toContain(name.replace(/\s+/g, ''))
    // The screen's controls are not printed.
    expect(sheet.text).not.toContain('Markthese')

    // Printed, then only what is left: nothing.
    await page.getByRole('button', { name: 'Mark these 12 as printed' }).click()
    await page.getByRole('checkbox', { name: 'Only badges not printed yet or to print again' }).check()
    await expect(page.getByText('No badges match: only paid registrations get a badge.')).toBeVisible()

    // One badge, from the participant dialog.
    await page.getByRole('link', { name: 'Back to participants' }).click()
    await page.getByRole('button', { name: fox.badgeName }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Print badge' }).click()
    await expect(page.getByRole('heading', { name: 'Print one badge' })).toBeVisible()
    const single = await pdfOf(page)
    expect(single.totalPages).toBe(1)
    expect(single.text).toContain(fox.badgeName.replace(/\s+/g, ''))
    expect(single.text).not.toContain(worstLatin)

    // axe, both languages and themes.
    await page.goto(`${receptionUrl}/en/admin/badges`)
    await expect(page.locator('[data-badge-name]')).toHaveCount(12)
    expect(await blockingViolations(page), 'en badges').toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(`${receptionUrl}/ja/admin/badges`)
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page.getByRole('heading', { name: 'バッジ印刷', level: 1 })).toBeVisible()
    await expect(page.locator('[data-badge-name]')).toHaveCount(12)
    expect(await blockingViolations(page), 'dark ja badges').toEqual([])
  })
})

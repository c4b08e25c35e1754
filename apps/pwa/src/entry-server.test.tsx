// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { prerender, siteTitle } from './entry-server.tsx'

// The site built with an edition of another year than core's first one: everything that names the site follows it.
vi.mock('virtual:edition', async (importOriginal) => {
  const built = await importOriginal<typeof import('virtual:edition')>()
  const { nextEditionDraft } = await import('@furfes/core')
  const { scheduleStrings } = await import('./content/schedule.ts')
  const edition = nextEditionDraft(built.edition)
  return {
    ...built,
    edition,
    scheduleStrings: { ja: scheduleStrings('ja', edition), en: scheduleStrings('en', edition) },
  }
})

const meta = (property: string, content: string) => `<meta property="${property}" content="${content}">`

describe('prerendered pages', () => {
  it("take the built edition's name for their title, link card and copy", async () => {
    const faq = await prerender('/en/faq')
    expect(faq.title).toBe('よくある質問 | 東京ふぁーりーフェス 2026')
    expect(faq.head).toContain(meta('og:title', 'FAQ | Tokyo Furry Fes 2026'))
    expect(faq.head).toContain(meta('og:site_name', 'Tokyo Furry Fes 2026'))
    expect(faq.head).toContain(
      meta('og:image:alt', 'The Tokyo Furry Fes 2026 logo (a paw print with fox ears) and the event date'),
    )
    expect(faq.body).toContain('© 2026 Tokyo Furry Fes Executive Committee')

    const top = await prerender('/ja')
    expect(top.title).toBe('トップ | 東京ふぁーりーフェス 2026')
    expect(top.head).toContain(meta('og:title', '東京ふぁーりーフェス 2026'))

    // The event's facts name it.
    const about = await prerender('/ja/about')
    expect(about.body).toMatch(/名称<\/t[hd]>(<[^>]+>)*東京ふぁーりーフェス 2026</)
  })

  it("give the pages rendered in the browser and the offline page the built edition's name", () => {
    expect(siteTitle()).toBe('東京ふぁーりーフェス 2026')
    expect(siteTitle('オフライン')).toBe('オフライン | 東京ふぁーりーフェス 2026')
  })
})
